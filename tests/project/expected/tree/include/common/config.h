// Build-time configuration shared by host and device code.
#pragma once

#ifndef BLOCK
#error "BLOCK must be defined by the build (see compile_commands.json)"
#endif

#define WARPS_PER_BLOCK (BLOCK / 32)
