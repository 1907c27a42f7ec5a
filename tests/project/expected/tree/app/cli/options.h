// Command-line options of the demo program (plain C++, no GPU code).
#pragma once
#include <cstdlib>

struct Options {
  int n = 1 << 20;
  float scale = 2.0f;
};

inline Options parse_options(int argc, char **argv) {
  Options o;
  if (argc > 1) o.n = std::atoi(argv[1]);
  if (argc > 2) o.scale = static_cast<float>(std::atof(argv[2]));
  return o;
}
