# cu2hip_translate(<out-var> SOURCES <file>... [PARTS <file>...] [OUTPUT_DIR <dir>]
#                  [ROCM_VERSION <X.Y>] [LAUNCH_SYNTAX cuda|hip] [OPTIONS <arg>...])
#
# Translates CUDA sources to HIP at build time: one custom command per file,
# so only the files that changed (or whose rule table or options changed)
# are translated again. <out-var> receives the translated paths, to be given
# to add_executable/add_library (mark them LANGUAGE HIP where needed).
# Sources keep their names below OUTPUT_DIR (default:
# ${CMAKE_CURRENT_BINARY_DIR}/hip), mirrored from CMAKE_CURRENT_SOURCE_DIR.
#
# Each command's output is the translation of its file alone (cu2hip prints
# one file on stdout). PARTS are files a source pulls in with
# `#include "kernel.cu"` (and CUDA headers): they are translated the same way,
# beside the sources' outputs, so that the translated #include lines find
# them, and they are in <out-var> marked HEADER_FILE_ONLY (a target that
# lists them waits for them but does not compile them on their own).
#
# The cu2hip executable is CU2HIP_EXECUTABLE (found on PATH, or set by
# find_package(cu2hip)).

if(NOT CU2HIP_EXECUTABLE)
  find_program(CU2HIP_EXECUTABLE cu2hip)
endif()

function(cu2hip_translate out_var)
  cmake_parse_arguments(C2H "" "OUTPUT_DIR;ROCM_VERSION;LAUNCH_SYNTAX" "SOURCES;PARTS;OPTIONS" ${ARGN})
  if(NOT CU2HIP_EXECUTABLE)
    message(FATAL_ERROR "cu2hip_translate: cu2hip not found (set CU2HIP_EXECUTABLE)")
  endif()
  if(NOT C2H_SOURCES)
    message(FATAL_ERROR "cu2hip_translate: no SOURCES given")
  endif()
  if(NOT C2H_OUTPUT_DIR)
    set(C2H_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/hip)
  endif()
  set(args -q --fail-on=never)
  if(C2H_ROCM_VERSION)
    list(APPEND args --rocm-version=${C2H_ROCM_VERSION})
  endif()
  if(C2H_LAUNCH_SYNTAX)
    list(APPEND args --launch-syntax=${C2H_LAUNCH_SYNTAX})
  endif()
  list(APPEND args ${C2H_OPTIONS})
  set(outputs "")
  foreach(src IN LISTS C2H_SOURCES C2H_PARTS)
    get_filename_component(abs ${src} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    file(RELATIVE_PATH rel ${CMAKE_CURRENT_SOURCE_DIR} ${abs})
    set(out ${C2H_OUTPUT_DIR}/${rel})
    get_filename_component(out_dir ${out} DIRECTORY)
    # cu2hip prints one file's translation on stdout; the redirect goes to a
    # temporary that replaces the output only when the run succeeded.
    add_custom_command(
      OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
      COMMAND ${CU2HIP_EXECUTABLE} ${args} ${abs} > ${out}.tmp
      COMMAND ${CMAKE_COMMAND} -E rename ${out}.tmp ${out}
      DEPENDS ${abs} ${CU2HIP_EXECUTABLE}
      COMMENT "cu2hip: translating ${rel}"
      VERBATIM)
    list(APPEND outputs ${out})
    # list(FIND), not IN_LIST: the caller's policies may predate CMP0057.
    list(FIND C2H_PARTS "${src}" part_at)
    if(part_at GREATER -1)
      set_source_files_properties(${out} PROPERTIES HEADER_FILE_ONLY ON)
    endif()
  endforeach()
  set(${out_var} ${outputs} PARENT_SCOPE)
endfunction()
