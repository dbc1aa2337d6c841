#ifndef MAILER_MESSAGE_H
#define MAILER_MESSAGE_H
#include <string>

class Message {
public:
  explicit Message(std::string body) : body_(std::move(body)) {}
  // Defined in plain.cpp without ENCRYPT, in crypto.cpp with it.
  std::string encode() const;
  std::string signature() const;
  const std::string &body() const { return body_; }

private:
  std::string body_;
};
#endif
