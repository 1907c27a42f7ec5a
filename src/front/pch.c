/* Precompiled shims: the shim (and a file's standard-header preamble, see
 * preamble.h) parsed once and saved as a precompiled header that later
 * parses load with -include-pch. Shared by the parsers of the process, and
 * kept across processes in the on-disk cache (pch_cache.h) when there is
 * one. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, close, unlink, kill */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

#include "cu2hip/cu2hip.h"
#include "front/front_internal.h"
#include "front/pch_cache.h"

/* A precompiled shim, shared by every parser of the process that parses
 * with the same flags (the worker threads of a run): the first to need it
 * builds it; the others wait for it when it comes from the on-disk cache,
 * and parse without it meanwhile otherwise. Precompiled headers
 * only load into parses with the same language options, so files of
 * another -std (from a compile database) get their own, and so do files
 * with other -D/-U flags, which the standard headers may test. */
typedef struct shared_pch {
  char *key;       /* the flags it is built with, joined (owned); NULL: free slot */
  unsigned parses; /* parses with these flags so far */
  int state;       /* 0 not yet, 2 being built, 1 ready, -1 failed: parse without */
  char *path;      /* temporary file, removed when its last user is freed */
  char *cached;    /* the on-disk cache's file path is a link to, or NULL (owned) */
  char *preamble;  /* the standard-header preamble it holds after the shim, or NULL (owned) */
  unsigned users;  /* parsers that may hand it to libclang */
} shared_pch;

/* Slots for precompiled preambles at most (each a few MiB, up to tens): the
 * rest are for the shim alone, one per standard. */
#define MAX_PREAMBLE_SLOTS 48
static pthread_mutex_t g_pch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_pch_built = PTHREAD_COND_INITIALIZER; /* a slot left state 2 */
static shared_pch g_pch[MAX_PCH_SLOTS];

/* Files parsed before the precompiled shim pays for its cost (about two
 * plain parses). */
#define PCH_AFTER_PARSES 2

static const char implicit_text[] = "#include \"" SHIM_IMPLICIT "\"\n";

/* The flags a precompiled shim for this parse is built with: the fixed
 * ones, the translator's, the file's standard and macro flags, the shim's. */
static const char **pch_build_args(const c2h_front *fe, const char *std, const char *const *macros, size_t n_macros,
                                   int *n_out) {
  const char **args = calloc((size_t)(fe->n_prefix + fe->n_suffix + 2) + n_macros, sizeof *args);
  int n = 0;
  if (!args) return NULL;
  for (int i = 0; i < fe->n_prefix; i++) args[n++] = fe->prefix[i];
  if (*std) args[n++] = std;
  for (size_t i = 0; i < n_macros; i++) args[n++] = macros[i];
  for (int i = 0; i < fe->n_suffix; i++) {
    if (strcmp(fe->suffix[i], "-include") == 0 && i + 1 < fe->n_suffix) {
      i++; /* the shim is the header being precompiled */
      continue;
    }
    args[n++] = fe->suffix[i];
  }
  *n_out = n;
  return args;
}

static char *join_args(const char *const *args, int n) {
  size_t len = 1;
  for (int i = 0; i < n; i++) len += strlen(args[i]) + 1;
  char *key = malloc(len);
  if (!key) return NULL;
  key[0] = '\0';
  for (int i = 0; i < n; i++) strcat(strcat(key, args[i]), "\n");
  return key;
}

/* Precompiled shims are named after the process that made them, so that
 * the files of a process that was killed can be told from those in use. */
#define PCH_PREFIX "cu2hip-shim-"

/* Removes the precompiled shims that processes no longer running left
 * behind (a run killed with SIGKILL cannot clean up after itself). */
static void remove_stale_pchs(const char *tmpdir) {
  DIR *d = opendir(tmpdir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (strncmp(e->d_name, PCH_PREFIX, sizeof PCH_PREFIX - 1) != 0) continue;
    char *end = NULL;
    long pid = strtol(e->d_name + sizeof PCH_PREFIX - 1, &end, 10);
    if (pid <= 0 || !end || *end != '-' || (kill((pid_t)pid, 0) != 0 && errno == ESRCH) == 0) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", tmpdir, e->d_name);
    unlink(path);
  }
  closedir(d);
}

/* Parses the shim (then the preamble's includes, when there is one) with
 * args and saves it as a precompiled header at path (an existing file,
 * overwritten); 1 on success. Function bodies are skipped (clang keeps
 * those of constexpr functions and of functions whose return type is
 * deduced): declarations are all a translation needs from them, and a
 * precompiled header with bodies costs each parse that loads it about
 * 30 ms more. */
static int save_pch(c2h_front *fe, const char *const *args, int n, const char *preamble, const char *path) {
  static const char pch_main[] = "/__cu2hip_shim__/pch_main.cu";
  CXTranslationUnit tu = NULL;
  int ok = 0;
  size_t main_len = sizeof implicit_text - 1 + (preamble ? strlen(preamble) : 0);
  char *main_text = malloc(main_len + 1);
  struct CXUnsavedFile *files = malloc((fe->n_shim_files + 1) * sizeof *files);
  if (!files || !main_text) {
    free(files);
    free(main_text);
    return 0;
  }
  strcpy(main_text, implicit_text);
  if (preamble) strcat(main_text, preamble);
  files[0] = (struct CXUnsavedFile){pch_main, main_text, (unsigned long)main_len};
  memcpy(files + 1, fe->shim_files, fe->n_shim_files * sizeof *files);
  enum CXErrorCode ec = clang_parseTranslationUnit2(fe->index, pch_main, args, n, files,
                                                    (unsigned)fe->n_shim_files + 1,
                                                    CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization |
                                                        CXTranslationUnit_DetailedPreprocessingRecord |
                                                        CXTranslationUnit_SkipFunctionBodies,
                                                    &tu);
  free(files);
  free(main_text);
  if (ec == CXError_Success && tu && clang_getNumDiagnostics(tu) == 0)
    ok = clang_saveTranslationUnit(tu, path, clang_defaultSaveOptions(tu)) == CXSaveError_None;
  if (tu) clang_disposeTranslationUnit(tu);
  return ok;
}

/* A precompiled shim in a temporary file of this process; returns the file
 * (malloc'd) or NULL on any failure. */
static char *build_pch(c2h_front *fe, const char *const *args, int n, const char *preamble) {
  const char *tmpdir = getenv("TMPDIR");
  int fd = -1;
  if (!tmpdir || !*tmpdir) tmpdir = "/tmp";
  remove_stale_pchs(tmpdir);
  size_t plen = strlen(tmpdir) + 48;
  char *path = malloc(plen);
  if (!path) return NULL;
  snprintf(path, plen, "%s/" PCH_PREFIX "%ld-XXXXXX", tmpdir, (long)getpid());
  if ((fd = mkstemp(path)) < 0) {
    free(path);
    return NULL;
  }
  close(fd);
  if (!save_pch(fe, args, n, preamble, path)) {
    unlink(path);
    free(path);
    return NULL;
  }
  return path;
}

/* Whether path holds an AST file libclang can load (a cache file may be
 * truncated or damaged: such a file is rebuilt, never used). */
static int loads(c2h_front *fe, const char *path) {
  CXTranslationUnit tu = NULL;
  enum CXErrorCode ec = clang_createTranslationUnit2(fe->index, path, &tu);
  if (tu) clang_disposeTranslationUnit(tu);
  return ec == CXError_Success && tu != NULL;
}

/* What a cached precompiled shim depends on, besides the flags: the tool,
 * the parser, and the text of every virtual file of the shim (the shim, the
 * implicit prelude and the header stubs, which the rule table shapes). */
static char *persistent_key(const c2h_front *fe, const char *flags) {
  CXString clang = clang_getClangVersion();
  XXH3_state_t *st = XXH3_createState();
  unsigned long long h = 0;
  if (st && XXH3_64bits_reset(st) == XXH_OK) {
    for (size_t f = 0; f < fe->n_shim_files; f++) {
      const struct CXUnsavedFile *u = &fe->shim_files[f];
      /* Each name and text ends with its NUL, so the parts cannot run together. */
      XXH3_64bits_update(st, u->Filename, strlen(u->Filename) + 1);
      XXH3_64bits_update(st, u->Contents, u->Length);
      XXH3_64bits_update(st, "", 1);
    }
    h = XXH3_64bits_digest(st);
  }
  XXH3_freeState(st);
  const char *cv = clang_getCString(clang);
  size_t n = strlen(flags) + strlen(cv ? cv : "") + 128;
  char *key = st ? malloc(n) : NULL;
  if (key)
    snprintf(key, n, "cu2hip %s pch 3\n%s\nshim %zu %016llx\n%s", C2H_VERSION_STRING, cv ? cv : "", fe->n_shim_files, h,
             flags);
  clang_disposeString(clang);
  return key;
}

/* The precompiled shim for these flags from the on-disk cache, made there
 * first when missing or damaged; a private link to it (malloc'd), or NULL
 * when the cache cannot be used. */
static char *cached_pch(c2h_front *fe, const char *const *args, int n, const char *preamble, const char *flags,
                        char **cached) {
  const char *dir = fe->options.parse_cache_dir;
  char *key = persistent_key(fe, flags);
  char *final = key ? c2h_pch_cache_path(dir, key) : NULL;
  char *mine = NULL, *tmp = NULL;
  free(key);
  if (!final) return NULL;
  if ((mine = c2h_disk_cache_link(final)) && loads(fe, mine)) goto done;
  if (mine) { /* damaged: made again below */
    unlink(mine);
    free(mine);
    mine = NULL;
  }
  if (!(tmp = c2h_disk_cache_temp(dir, final))) goto done;
  if (!save_pch(fe, args, n, preamble, tmp) || c2h_pch_cache_commit(dir, tmp, final) != 0) {
    unlink(tmp);
    goto done;
  }
  mine = c2h_disk_cache_link(final);
done:
  free(tmp);
  if (mine) *cached = final;
  else free(final);
  return mine;
}

const char *c2h_front_precompiled_shim(c2h_front *fe, const char *std, const char *const *macros, size_t n_macros,
                                    const char *preamble, int *slot_out) {
  int n = 0;
  const char **args = pch_build_args(fe, std, macros, n_macros, &n);
  char *flags = args ? join_args(args, n) : NULL;
  char *key = NULL;
  const char *ready = NULL;
  shared_pch *slot = NULL;
  int build = 0;
  if (!flags) goto done;
  /* The key: the flags, then the preamble's text. */
  if (!(key = malloc(strlen(flags) + (preamble ? strlen(preamble) + 16 : 0) + 1))) goto done;
  strcpy(key, flags);
  if (preamble) strcat(strcat(key, "#preamble\n"), preamble);
  pthread_mutex_lock(&g_pch_lock);
  size_t n_preambles = 0;
  for (size_t i = 0; i < MAX_PCH_SLOTS; i++) {
    if (g_pch[i].key && !slot && strcmp(g_pch[i].key, key) == 0) slot = &g_pch[i];
    n_preambles += g_pch[i].key && g_pch[i].preamble;
  }
  for (size_t i = 0; i < MAX_PCH_SLOTS && !slot && (!preamble || n_preambles < MAX_PREAMBLE_SLOTS); i++)
    if (!g_pch[i].key) {
      slot = &g_pch[i];
      slot->key = key;
      key = NULL;
      if (preamble && !(slot->preamble = malloc(strlen(preamble) + 1))) slot->state = -1;
      else if (preamble) strcpy(slot->preamble, preamble);
    }
  if (slot) {
    size_t at = (size_t)(slot - g_pch);
    if (!fe->uses_pch[at]) {
      fe->uses_pch[at] = 1;
      slot->users++;
    }
    /* With the on-disk cache, from the first parse: it is built once for
     * every later process too, and usually is there already. */
    unsigned after = fe->options.parse_cache_dir ? 0 : slot->preamble ? 1 : PCH_AFTER_PARSES;
    if (slot->state == 0 && ++slot->parses > after) {
      slot->state = 2;
      build = 1;
    }
    /* With the on-disk cache, another worker building it is usually only
     * linking and checking the cached file (milliseconds): waiting for it
     * costs far less than parsing the shim and the standard headers again.
     * (Made afresh, it takes about as long as that parse would.) */
    while (!build && slot->state == 2 && fe->options.parse_cache_dir) pthread_cond_wait(&g_pch_built, &g_pch_lock);
    if (slot->state == 1) ready = slot->path;
  }
  pthread_mutex_unlock(&g_pch_lock);
  if (build) {
    /* Built outside the lock: the other parsers go on without it. */
    char *cached = NULL;
    char *path =
        fe->options.parse_cache_dir ? cached_pch(fe, args, n, slot->preamble, slot->key, &cached) : NULL;
    if (!path) path = build_pch(fe, args, n, slot->preamble);
    pthread_mutex_lock(&g_pch_lock);
    slot->path = path;
    slot->cached = cached;
    slot->state = path ? 1 : -1;
    ready = path;
    pthread_cond_broadcast(&g_pch_built);
    pthread_mutex_unlock(&g_pch_lock);
  }
done:
  *slot_out = ready ? (int)(slot - g_pch) : -1;
  free(key);
  free(flags);
  free(args);
  return ready;
}

void c2h_front_give_up_pch(int slot_no) {
  pthread_mutex_lock(&g_pch_lock);
  shared_pch *slot = &g_pch[slot_no];
  slot->state = -1;
  if (slot->cached) unlink(slot->cached);
  pthread_mutex_unlock(&g_pch_lock);
}

void c2h_front_release_pchs(c2h_front *fe) {
  pthread_mutex_lock(&g_pch_lock);
  for (size_t i = 0; i < MAX_PCH_SLOTS; i++) {
    shared_pch *p = &g_pch[i];
    if (!fe->uses_pch[i] || --p->users > 0 || p->state == 2) continue;
    if (p->path) unlink(p->path);
    free(p->path);
    free(p->cached);
    free(p->preamble);
    free(p->key);
    memset(p, 0, sizeof *p);
  }
  pthread_mutex_unlock(&g_pch_lock);
}
