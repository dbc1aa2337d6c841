#pragma once

#include <cstdio>

// A connection handle; with CONFIG_CONN_STATS it reports what it did when
// it is closed (its destructor), with CONFIG_CONN_TRACE it announces
// itself when it is opened (its constructor).
class Connection {
public:
  explicit Connection(int fd) : fd_(fd) {
#ifdef CONFIG_CONN_TRACE
    std::printf("open fd %d\n", fd_);
#endif
  }
#ifdef CONFIG_CONN_STATS
  ~Connection() { std::printf("close fd %d after %u bytes\n", fd_, bytes_); }
#endif
  Connection(const Connection &) = delete;
  Connection &operator=(const Connection &) = delete;

  void send(unsigned n) { bytes_ += n; }
  unsigned bytes() const { return bytes_; }
  int fd() const { return fd_; }

private:
  int fd_;
  unsigned bytes_ = 0;
};
