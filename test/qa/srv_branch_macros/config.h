/* config.h: macros that exist only in some configurations. */
#ifndef QA_CONFIG_H
#define QA_CONFIG_H

#ifdef CONFIG_TLS
#define DEFAULT_PORT 443
#define TLS_CIPHERS "ECDHE+AESGCM:CHACHA20"
#define SCHEME "https"
#elif defined(CONFIG_PROXY)
#define DEFAULT_PORT 8080
#define VIA_HEADER "Via: 1.1 qa-proxy"
#endif

#ifdef CONFIG_IPV6
#define ANY_ADDR "::"
#define ADDR_MAX_LEN 46
#endif

#ifndef DEFAULT_PORT
#define DEFAULT_PORT 80
#endif
#ifndef SCHEME
#define SCHEME "http"
#endif
#ifndef ADDR_MAX_LEN
#define ADDR_MAX_LEN 16
#endif

#endif
