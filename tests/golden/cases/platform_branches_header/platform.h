// The project's platform switch, derived from HIP's own macro.
#pragma once
#if defined(__HIP_PLATFORM_AMD__) || defined(__HIPCC__)
#define PROJ_HIP 1
#else
#define PROJ_HIP 0
#endif
