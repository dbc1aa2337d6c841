# How varsim links LLVM and Clang: the targets varsim_llvm and varsim_clang.
#
# Debian's llvm-19 ships both the shared libraries (libLLVM.so.19.1,
# libclang-cpp.so.19.1) and the static archives (llvm-19-dev,
# libclang-19-dev). Every process that loads the shared ones pays for
# resolving their ~100k dynamic symbols and relocations at start-up: 90 ms
# for `varsim --help`, 150 ms for a gtest binary. The test suite starts
# ~800 gtest processes and many more varsim runs, so that start-up was a
# large share of its time (issue #18). Linking the archives statically
# leaves only the code the tool uses, resolved at link time.
#
# VARSIM_STATIC_LLVM=OFF keeps the shared linking (e.g. where the archives
# are missing). Only these two interface targets differ; every target uses
# them rather than naming LLVM, clang-cpp or clang* libraries itself.

set(_varsim_llvm_static_default OFF)
if(EXISTS "${LLVM_LIBRARY_DIR}/libLLVMSupport.a" AND
   EXISTS "${LLVM_LIBRARY_DIR}/libclangTooling.a")
  set(_varsim_llvm_static_default ON)
endif()
option(VARSIM_STATIC_LLVM
       "Link LLVM and Clang statically (faster process start-up)"
       ${_varsim_llvm_static_default})

# LLVM headers are treated as system headers so that warnings stay ours.
add_library(varsim_llvm INTERFACE)
target_include_directories(varsim_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})
target_compile_definitions(varsim_llvm INTERFACE ${LLVM_DEFINITIONS_LIST})

add_library(varsim_clang INTERFACE)
target_include_directories(varsim_clang SYSTEM INTERFACE ${CLANG_INCLUDE_DIRS})
target_link_libraries(varsim_clang INTERFACE varsim_llvm)

if(NOT VARSIM_STATIC_LLVM)
  target_link_libraries(varsim_llvm INTERFACE LLVM)
  target_link_libraries(varsim_clang INTERFACE clang-cpp)
  message(STATUS "varsim: LLVM and Clang linked shared (VARSIM_STATIC_LLVM=OFF)")
  return()
endif()

# LLVMSupport's exported interface names zstd::libzstd_shared, which
# LLVMConfig defines only when zstd's development files (header, libzstd.so)
# are installed. The runtime library libzstd.so.1 (a dependency of llvm-19)
# is enough to link against.
foreach(_zstd_target zstd::libzstd_shared zstd::libzstd_static)
  if(NOT TARGET ${_zstd_target})
    find_library(VARSIM_ZSTD_LIBRARY NAMES zstd libzstd.so.1 REQUIRED)
    add_library(${_zstd_target} UNKNOWN IMPORTED)
    set_target_properties(${_zstd_target} PROPERTIES
                          IMPORTED_LOCATION "${VARSIM_ZSTD_LIBRARY}")
  endif()
endforeach()
foreach(_dep ZLIB::ZLIB LibXml2::LibXml2)
  if(NOT TARGET ${_dep})
    message(FATAL_ERROR "VARSIM_STATIC_LLVM needs ${_dep} (zlib1g-dev, "
                        "libxml2-dev), or configure with -DVARSIM_STATIC_LLVM=OFF")
  endif()
endforeach()

# The LLVM components Clang's libraries below use (their LLVM_LINK_COMPONENTS
# upstream). The exported LLVM* targets carry their own dependencies.
llvm_map_components_to_libnames(_varsim_llvm_libs
  Support Demangle TargetParser BinaryFormat Core Option MC MCParser Object
  BitReader BitstreamReader ProfileData Remarks FrontendOpenMP FrontendHLSL
  FrontendOffloading WindowsDriver TextAPI)
target_link_libraries(varsim_llvm INTERFACE ${_varsim_llvm_libs})

# Clang's exported static targets name the shared libLLVM as their
# dependency (Debian builds clang against it), so the archives are linked
# by path. They depend on each other in cycles: one rescanned link group.
set(_varsim_clang_archives)
foreach(_lib clangTooling clangToolingCore clangToolingInclusions
             clangToolingInclusionsStdlib clangFormat clangIndex clangFrontend
             clangDriver clangParse clangSerialization clangSema clangEdit
             clangAnalysis clangASTMatchers clangAST clangAPINotes clangRewrite
             clangLex clangSupport clangBasic)
  if(NOT EXISTS "${LLVM_LIBRARY_DIR}/lib${_lib}.a")
    message(FATAL_ERROR "VARSIM_STATIC_LLVM: ${LLVM_LIBRARY_DIR}/lib${_lib}.a "
                        "is missing (libclang-19-dev); configure with "
                        "-DVARSIM_STATIC_LLVM=OFF to link clang-cpp instead")
  endif()
  list(APPEND _varsim_clang_archives "${LLVM_LIBRARY_DIR}/lib${_lib}.a")
endforeach()
string(JOIN "," _varsim_clang_group ${_varsim_clang_archives})
target_link_libraries(varsim_clang INTERFACE
  "$<LINK_GROUP:RESCAN,${_varsim_clang_group}>" ${_varsim_llvm_libs})

# Executables without position independence need no relocation of their
# own code and data at start-up. Only the link is non-PIE: the objects stay
# PIE-compiled (Debian's default), so ccache still hits across builds.
add_link_options("$<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:-no-pie>")
# LLVM's archives are built with a section per function: the link drops
# what nothing reaches (a Clang tool 58 -> 43 MB, fewer pages to map).
add_link_options(LINKER:--gc-sections)
# Shared libraries named by the LLVM targets but not used by the code that
# the link keeps (libz3 for LLVMSupport's Z3 solver: 23 MB) stay unloaded.
add_link_options(LINKER:--as-needed)

# lld links these ~100 MB of archives in a fraction of GNU ld's time.
# lld-19 installs /usr/lib/llvm-19/bin/ld.lld; lld (any version) /usr/bin/ld.lld.
find_program(VARSIM_LLD NAMES ld.lld PATHS "${LLVM_TOOLS_BINARY_DIR}"
             NO_DEFAULT_PATH)
if(NOT VARSIM_LLD)
  find_program(VARSIM_LLD NAMES ld.lld)
endif()
if(VARSIM_LLD AND NOT CMAKE_LINKER_TYPE)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    add_link_options("--ld-path=${VARSIM_LLD}")
  else()
    # GCC looks for ld.lld in its -B directories first, then in PATH.
    get_filename_component(_varsim_lld_dir "${VARSIM_LLD}" DIRECTORY)
    add_link_options(-fuse-ld=lld "-B${_varsim_lld_dir}")
  endif()
endif()
message(STATUS "varsim: LLVM and Clang linked static (linker: ${VARSIM_LLD})")
