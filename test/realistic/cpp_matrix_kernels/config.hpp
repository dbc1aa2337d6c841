#pragma once

#include <cstddef>

// Build configuration, as a set of typed constants for the templates.
#ifndef MAT_BLOCK
#define MAT_BLOCK 1
#endif

namespace mk::config {

#ifdef MAT_CHECKED
constexpr bool kChecked = true;
#else
constexpr bool kChecked = false;
#endif

constexpr std::size_t kBlock = MAT_BLOCK;

#if MAT_BLOCK >= 8
constexpr const char *kKernelName = "blocked8";
#elif MAT_BLOCK >= 4
constexpr const char *kKernelName = "blocked4";
#else
constexpr const char *kKernelName = "naive";
#endif

} // namespace mk::config
