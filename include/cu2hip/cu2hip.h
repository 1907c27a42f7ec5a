#ifndef CU2HIP_H
#define CU2HIP_H
/* libcu2hip: port CUDA C/C++ sources to HIP. Umbrella header. */
#include "buildfiles.h"
#include "diag.h"
#include "error.h"
#include "journal.h"
#include "project.h"
#include "rules.h"
#include "translate.h"

#define C2H_VERSION_STRING "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif
/* The library version, "MAJOR.MINOR.PATCH". */
const char *c2h_version_string(void);
#ifdef __cplusplus
}
#endif
#endif
