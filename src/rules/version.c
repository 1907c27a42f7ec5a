#include <stdio.h>
#include <stdlib.h>

#include "cu2hip/rules.h"

int c2h_version_parse(const char *text, c2h_version *out) {
  /* Strictly "MAJOR.MINOR": digits, one dot, digits, nothing else. */
  const char *p = text;
  long major = 0, minor = 0;
  int digits = 0;
  while (*p >= '0' && *p <= '9' && digits < 3) major = major * 10 + (*p++ - '0'), digits++;
  if (!digits || *p++ != '.') return C2H_ERR_USAGE;
  digits = 0;
  while (*p >= '0' && *p <= '9' && digits < 2) minor = minor * 10 + (*p++ - '0'), digits++;
  if (!digits || *p != '\0' || major == 0) return C2H_ERR_USAGE;
  *out = (c2h_version)C2H_VERSION(major, minor);
  return 0;
}

void c2h_version_format(c2h_version v, char *buf, size_t size) {
  snprintf(buf, size, "%d.%d", v / 100, v % 100);
}

const c2h_rule *c2h_rule_for_pytorch(const c2h_rule *r, c2h_version pytorch, c2h_rule *tmp) {
  /* An unknown target (0) gets the oldest naming, which the ROCm builds of
   * PyTorch up to the release that dropped it need and that release still
   * accepts. */
  if (!r || !r->pytorch_hip || !pytorch || pytorch < r->pytorch_removed) return r;
  *tmp = *r;
  tmp->form.hip = r->pytorch_hip;
  return tmp;
}
