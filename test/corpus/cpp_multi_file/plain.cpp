#include "message.h"

#ifndef ENCRYPT
std::string Message::encode() const { return body_; }
#endif

std::string Message::signature() const {
#ifdef SIGN
  unsigned h = 0;
  for (char c : encode())
    h = h * 131 + static_cast<unsigned char>(c);
  return "sig:" + std::to_string(h % 100000);
#else
  return "";
#endif
}
