//===- support/Html.h - Text inside HTML and SVG ----------------*- C++ -*-===//
//
// The one escaping of text for the HTML reports (the profile report's
// title, validate's report.html and its inline SVG plots): configuration
// strings, program and feature names come from the user's files.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_SUPPORT_HTML_H
#define VARSIM_SUPPORT_HTML_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace varsim {

/// S as HTML text or a quoted attribute value (either quote): & < > " '
/// as character references (llvm::printHTMLEscaped), and the control
/// characters HTML and XML forbid (all below 0x20 but tab, line feed and
/// carriage return, and 0x7f) as U+FFFD, which an SVG parser would
/// otherwise refuse. Other bytes, UTF-8 included, are kept.
std::string htmlEscape(llvm::StringRef S);

} // namespace varsim

#endif // VARSIM_SUPPORT_HTML_H
