/* The build id of the object this code is in, read from its ELF notes as
 * the dynamic loader mapped them (no file is opened). */
#define _GNU_SOURCE /* dl_iterate_phdr */
#include "util/build_id.h"

#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct id_search {
  uintptr_t addr;
  char hex[2 * 64 + 1];
} id_search;

static int find_build_id(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  id_search *s = data;
  int mine = 0;
  for (int i = 0; i < info->dlpi_phnum && !mine; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph->p_vaddr;
    mine = ph->p_type == PT_LOAD && s->addr >= start && s->addr < start + ph->p_memsz;
  }
  if (!mine) return 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE) continue;
    const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
    unsigned pad = ph->p_align == 8 ? 7u : 3u; /* notes are padded to the segment's alignment */
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)(const void *)p;
      const char *name = p + sizeof *n;
      const unsigned char *desc = (const unsigned char *)name + ((n->n_namesz + pad) & ~pad);
      if ((const char *)desc + n->n_descsz > end) break;
      if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && memcmp(name, "GNU", 4) == 0 && n->n_descsz > 0 &&
          n->n_descsz <= 64) {
        for (unsigned j = 0; j < n->n_descsz; j++) snprintf(s->hex + 2 * j, 3, "%02x", desc[j]);
        return 1;
      }
      p = (const char *)desc + ((n->n_descsz + pad) & ~pad);
    }
  }
  return 1; /* this code's object, without a build id */
}

int c2h_build_id(char *hex, size_t size) {
  static const char anchor = 0; /* an address inside this object */
  id_search s = {(uintptr_t)(const void *)&anchor, ""};
  dl_iterate_phdr(find_build_id, &s);
  if (!s.hex[0] || strlen(s.hex) >= size) return 0;
  memcpy(hex, s.hex, strlen(s.hex) + 1);
  return 1;
}
