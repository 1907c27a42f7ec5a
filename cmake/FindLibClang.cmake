# Finds libclang's C API (clang-c/Index.h + libclang). Prefers the newest
# versioned LLVM install (Debian's /usr/lib/llvm-N), or LIBCLANG_ROOT.
# Defines LibClang::LibClang.
set(_c2h_llvm_roots "")
if(LIBCLANG_ROOT)
  list(APPEND _c2h_llvm_roots ${LIBCLANG_ROOT})
endif()
foreach(v 21 20 19 18 17 16 15 14)
  list(APPEND _c2h_llvm_roots /usr/lib/llvm-${v})
endforeach()
find_path(LibClang_INCLUDE_DIR clang-c/Index.h PATHS ${_c2h_llvm_roots} PATH_SUFFIXES include NO_DEFAULT_PATH)
find_path(LibClang_INCLUDE_DIR clang-c/Index.h)
find_library(LibClang_LIBRARY NAMES clang libclang PATHS ${_c2h_llvm_roots} PATH_SUFFIXES lib NO_DEFAULT_PATH)
find_library(LibClang_LIBRARY NAMES clang libclang)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibClang REQUIRED_VARS LibClang_LIBRARY LibClang_INCLUDE_DIR)
if(LibClang_FOUND AND NOT TARGET LibClang::LibClang)
  add_library(LibClang::LibClang UNKNOWN IMPORTED)
  set_target_properties(LibClang::LibClang PROPERTIES
    IMPORTED_LOCATION ${LibClang_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${LibClang_INCLUDE_DIR})
  get_filename_component(_c2h_libdir ${LibClang_LIBRARY} DIRECTORY)
  # The library lives outside the default search path on Debian.
  set(CMAKE_BUILD_RPATH ${CMAKE_BUILD_RPATH} ${_c2h_libdir})
  set(CMAKE_INSTALL_RPATH ${CMAKE_INSTALL_RPATH} ${_c2h_libdir})
endif()
mark_as_advanced(LibClang_INCLUDE_DIR LibClang_LIBRARY)
