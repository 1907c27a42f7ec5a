#ifndef C2H_UTIL_FILE_H
#define C2H_UTIL_FILE_H
/* File system helpers. Every function reports failures in err with the path
 * and the system's reason. */
#include <stddef.h>
#include <sys/types.h>

#include "cu2hip/error.h"

/* Reads a whole regular file. *data is malloc'd and NUL-terminated (the
 * caller frees it). Anything else (a directory, a named pipe, a device) is
 * refused at once, naming what it is: a named pipe is opened without
 * waiting for a writer, so a FIFO where a file is expected never hangs. */
int c2h_file_read(const char *path, char **data, size_t *len, c2h_error *err);

/* What a file of this mode is, for messages: "a named pipe (FIFO)". */
const char *c2h_file_type_name(mode_t mode);

/* Reads a stream to its end: standard input for "-", else a named pipe or
 * device (which c2h_file_read refuses: it could not be read twice). */
int c2h_file_read_stream(const char *path, char **data, size_t *len, c2h_error *err);

/* Replaces (or creates) path with len bytes, atomically: the bytes go to a
 * temporary file in the same directory, which is flushed and renamed over
 * path, so readers see the old or the new content, never a mix. mode is the
 * permission of the new file. Missing parent directories are created. A
 * path that names something other than a regular file or a directory
 * (/dev/null, a FIFO) is written in place instead, and stays what it is. */
int c2h_file_write_atomic(const char *path, const char *data, size_t len, mode_t mode,
                          c2h_error *err);

/* c2h_file_write_atomic for a path below the directory root (path starts
 * with root and a '/'), which never writes outside root: each directory
 * between them is opened without following a symbolic link (openat with
 * O_NOFOLLOW) and made when missing, so a link inside root (`root/sub ->
 * ../elsewhere`) is refused, naming it, instead of written through. A path
 * not below root is written as c2h_file_write_atomic does. */
int c2h_file_write_below(const char *root, const char *path, const char *data, size_t len, mode_t mode,
                         c2h_error *err);

/* The same check alone, making nothing: 0 when no directory between root
 * and path is a symbolic link (or path is not below root), else an error
 * naming the link. */
int c2h_path_check_below(const char *root, const char *path, c2h_error *err);

/* c2h_symlink_atomic below root, with the same check. */
int c2h_symlink_below(const char *root, const char *target, const char *path, c2h_error *err);

/* Makes path a symbolic link to target, atomically (replacing what was
 * there); missing parent directories are created. */
int c2h_symlink_atomic(const char *target, const char *path, c2h_error *err);

/* Copies path to backup_path atomically (for --backup), never replacing
 * what is there: 0 when written, 1 when backup_path exists (then nothing
 * is written), or an error. */
int c2h_file_backup(const char *path, const char *backup_path, c2h_error *err);

/* mkdir -p. */
int c2h_mkdirs(const char *path, c2h_error *err);

/* Joins a and b with one '/', into a malloc'd string (NULL: out of memory). */
char *c2h_path_join(const char *a, const char *b);

/* Returns a pointer to the last path component of path. */
const char *c2h_path_basename(const char *path);

/* Folds `dir` (an absolute folder, owned: freed or kept) into *root, the
 * deepest folder holding every one folded so far (NULL before the first):
 * the folder outputs mirror the inputs below (`-o out src/` writes
 * out/a.cu, `-o out a/ b/` writes out/a/... and out/b/...). */
void c2h_path_fold_root(char **root, char *dir);

/* Whether path is the directory dir or lies below it (both real paths, so
 * that a prefix of the spelling is a prefix of the location). */
int c2h_path_inside(const char *path, const char *dir);

/* Whether path ends with one of the NULL-terminated extensions (".cu"). */
int c2h_path_has_extension(const char *path, const char *const *extensions);

/* A lock on a directory tree for a run that writes in it (flock(2) on the
 * directories themselves, so no lock file is left behind; released when
 * the process ends, however it ends). */
typedef struct c2h_tree_lock {
  int *fds;
  size_t n;
} c2h_tree_lock;

/* Locks dir (a canonical path) exclusively and each directory above it
 * shared, always from the root down: two runs on the same tree, or on one
 * tree and a tree inside it, take turns, and runs on separate trees do
 * not wait for each other. When another run holds what is needed,
 * on_wait(ctx, the directory) is called once and the call waits. A file
 * system without locks (some network ones) locks nothing. Fails only when
 * out of memory. */
int c2h_tree_lock_take(c2h_tree_lock *lock, const char *dir, void (*on_wait)(void *ctx, const char *dir), void *ctx);
void c2h_tree_lock_release(c2h_tree_lock *lock);

#endif
