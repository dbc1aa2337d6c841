#include "message.h"

#ifdef ENCRYPT
std::string Message::encode() const {
  std::string out = body_;
  for (char &c : out)
    if (c >= 'a' && c <= 'z')
      c = static_cast<char>('a' + (c - 'a' + 13) % 26);
  return out;
}
#endif
