#ifndef SIZES_H
#define SIZES_H
#ifdef _WIN32
#define SIZES_EXPORT __declspec(dllexport)
#else
#include <cstdint>
#endif
#endif
