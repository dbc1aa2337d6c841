// Placeholder: replaced by the library's sources.
