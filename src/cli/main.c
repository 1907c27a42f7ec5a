/* The cu2hip command: option parsing, the project configuration file,
 * report output and exit codes; the library does the work. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/config.h"
#include "cli/library_target.h"
#include "cli/doctor.h"
#include "cu2hip/exit_codes.h"
#include "cli/progress.h"
#include "cli/rules_cmd.h"
#include "cli/supervise.h"
#include "cu2hip/cu2hip.h"
#include "front/front.h"
#include "report/report.h"
#include "rocm/arch_support.h"
#include "rocm/install.h"
#include "run/run.h"
#include "util/disk_cache.h"
#include "util/file.h"
#include "util/suggest.h"

typedef enum fail_on { FAIL_ON_ERROR, FAIL_ON_WARNING, FAIL_ON_NEVER } fail_on;

typedef struct cli {
  c2h_project_options project;
  const char **rule_files;
  size_t n_rule_files;
  const char **clang_args;
  size_t n_clang_args;
  c2h_check_filter *filters;
  size_t n_filters;
  const char **exclude, **include; /* walk patterns */
  size_t n_exclude, n_include;
  const char *rocm_version;
  const char *pytorch_version;
  const char **library_targets; /* --library-target values, config's first */
  size_t n_library_targets;
  char **roc_libraries; /* owned: the libraries they select for rules/roc/ */
  size_t n_roc_libraries;
  const char *format;      /* NULL: not given */
  const char *output;      /* report file, "-" for stdout, NULL: stderr */
  const char *sarif_root;
  const char *config_path; /* --config */
  int no_config;
  int launch_set;
  int wave64_set;
  int fail_on_set;
  fail_on fail_on;
  int quiet;
  int check_only;
  const char *report;       /* --report FILE.md|.json|.html, NULL: none */
  int no_incremental;
  int no_parse_cache;
  char *parse_cache_dir; /* owned */
  int time_limit_set;
  int verify;
  const char *hip_compiler, *hip_path, *device_lib_path;
} cli;

static const char usage_text[] =
    "usage: cu2hip [options] FILE                 print the HIP translation of FILE\n"
    "       cu2hip [options] -o OUTDIR PATH...    write translations under OUTDIR\n"
    "       cu2hip [options] --in-place PATH...   rewrite files in place\n"
    "       cu2hip check [options] PATH...        report diagnostics, write nothing\n"
    "       cu2hip explain [CHECK...]             explain checks (all of them: a list)\n"
    "       cu2hip rules lookup|list|stats|validate  look into the rule table\n"
    "       cu2hip doctor [--offload-arch ARCH]   can this machine build the output?\n"
    "       cu2hip compat-header                  print cu2hip_compat.h\n"
    "       cu2hip run [options] PATH... [-- ARGS]  build and run the translation on the\n"
    "                                             CPU (64-lane wavefronts; run --help)\n"
    "       cu2hip help | version                 this help, the version\n"
    "\n"
    "PATH is a file or a directory; directories are walked recursively for CUDA\n"
    "sources (.cu .cuh .h .hpp .cpp .cc .cxx .inl).\n"
    "\n"
    "options:\n"
    "  -o, --output-dir DIR      write translated files under DIR (mirrors input paths)\n"
    "      --in-place            replace each input with its translation (atomic)\n"
    "      --backup=SUFFIX       with --in-place, keep the original as FILE SUFFIX\n"
    "      --annotate            mark each diagnostic site with a comment in the output\n"
    "      --no-compat-header    report CUDA functions HIP lacks as errors instead of using\n"
    "                            cu2hip_compat.h, written beside the outputs that need it\n"
    "      --rules FILE          load extra rule-table entries (may repeat; override defaults)\n"
    "      --rocm-version V      oldest ROCm the output must build with: X.Y, auto (the\n"
    "                            HIP --hip-path or the ROCm search finds, else latest;\n"
    "                            a warning if it predates ARCH), latest  [default: auto]\n"
    "      --pytorch-version V   PyTorch whose ROCm build the output is for: X.Y, or auto\n"
    "                            (the installed torch; none: the naming of PyTorch\n"
    "                            before 2.11, which 2.11 still accepts) [default: auto]\n"
    "      --library-target T    library API to target: hip (the hip* wrappers), roc\n"
    "                            (ROCm-native: cuRAND -> rocRAND), or LIB=hip|roc\n"
    "                            for one library (may repeat)           [default: hip]\n"
    "      --launch-syntax S     kernel launches: cuda (keep <<<>>>) or hip\n"
    "                            (hipLaunchKernelGGL)                    [default: cuda]\n"
    "      --wave64 M            code written for 32-lane warps: rewrite (each half of\n"
    "                            the 64-lane wavefront acts as one CUDA warp) or report\n"
    "                            (diagnostics only)                   [default: rewrite]\n"
    "  -I DIR, -D NAME[=VAL], -U NAME, --std=STD\n"
    "                            parser flags, as for a compiler\n"
    "      --extra-arg ARG       pass ARG to the parser\n"
    "      --cuda-path DIR       parse against this CUDA toolkit instead of the built-in shim\n";

/* Split in parts: C compilers need not take string literals over 4095 bytes. */
static const char usage_diagnostics[] =
    "\n"
    "diagnostics:\n"
    "      --format F            text, json (reviewdog rdjson), jsonl (one diagnostic\n"
    "                            per line) or sarif (SARIF 2.1.0)        [default: text]\n"
    "      --output FILE         write the report to FILE (replaced atomically; - for\n"
    "                            stdout) instead of stderr (check: json, jsonl and\n"
    "                            sarif reports go to stdout by default)\n"
    "      --sarif-root DIR      SARIF artifact URIs are relative to DIR [default: .]\n"
    "      --enable GLOB         report the checks GLOB names (may repeat; later wins)\n"
    "      --disable GLOB        do not report them, e.g. --disable 'parse-*'\n"
    "      --fail-on LEVEL       exit 1 on diagnostics at or above LEVEL: error, warning,\n"
    "                            never                                   [default: error]\n"
    "      --config FILE         read settings from FILE instead of the .cu2hip.yaml found\n"
    "                            upward from the first input\n"
    "      --no-config           read no configuration file\n"
    "  -j, --jobs N              worker threads (default: one per core it may run on); the\n"
    "                            output is the same for any N\n"
    "      --no-copy             with -o, do not copy the files that are not CUDA sources\n"
    "      --exclude GLOB        skip walked paths (relative path or base name) matching GLOB\n"
    "      --include GLOB        walk paths matching GLOB even when --exclude matches them\n"
    "      --report FILE         also write a project report; FILE's extension picks the\n"
    "                            format: .md, .json or .html (one self-contained page)\n";

static const char usage_projects[] =
    "\n"
    "projects:\n"
    "  -p, --compile-commands PATH\n"
    "                            compile_commands.json (or its folder): each file's -I/-D/\n"
    "                            -U/-std/-include flags; with no PATH given, its files are\n"
    "                            the inputs\n"
    "      --no-incremental      with -o, redo every file (default: redo only the files whose\n"
    "                            input, headers, flags or options changed; the cache is\n"
    "                            OUTDIR/.cu2hip-cache.json)\n"
    "      --overwrite-edited    with -o, translate again outputs edited since cu2hip wrote\n"
    "                            them (default: keep them, warning output-edited)\n"
    "      --no-parse-cache      do not keep the parser's precompiled CUDA shim and headers,\n"
    "                            nor the compiled rule table, across runs (default: in\n"
    "                            $CU2HIP_CACHE_DIR, else $XDG_CACHE_HOME/cu2hip, else\n"
    "                            ~/.cache/cu2hip)\n"
    "      --rename              with -o, .cu files become .hip and .cuh files take the\n"
    "                            --header-suffix; #include lines and build scripts follow\n"
    "      --header-suffix S     the suffix .cuh headers take with --rename [default: .hpp]\n"
    "      --offload-arch ARCH   the GPU the output is for (build scripts, --verify)\n"
    "                                                                    [default: gfx942]\n"
    "      --verify              with -o, compile each translated source for ARCH and\n"
    "                            report what fails (compile-error diagnostics)\n"
    "      --hip-compiler PATH   the compiler --verify runs (default: hipcc when it builds\n"
    "                            ARCH, else a clang++ with HIP support)\n"
    "      --hip-path DIR        the HIP installation --verify compiles against and auto\n"
    "                            targets (the folder holding include/hip; default: the\n"
    "                            first found in $ROCM_PATH, $HIP_PATH, /opt/rocm,\n"
    "                            /opt/rocm/core-X.Y, /opt/rocm-X.Y.Z, rocm-sdk Python\n"
    "                            packages, /usr)\n"
    "      --device-lib-path DIR ROCm device libraries for --verify (without one for ARCH,\n"
    "                            --verify only checks syntax; see cu2hip doctor)\n"
    "      --file-time-limit SEC give up on a file after SEC seconds (time-limit diagnostic;\n"
    "                            the file is left as it is); 0: no limit   [default: 60]\n"
    "\n"
    "output:\n"
    "  -q, --quiet               no summary line\n"
    "  -h, --help                this help\n"
    "  -V, --version             version\n"
    "\n"
    "A comment `// cu2hip-ignore: CHECK[, CHECK...]` silences those checks on its\n"
    "line and the next. `cu2hip explain CHECK` describes a check.\n"
    "\n"
    "exit codes:\n"
#define X(id, value, meaning) "  " #value "  " meaning "\n"
#include "cu2hip/exit_codes.def"
#undef X
    ;

static void print_usage(FILE *out) {
  fputs(usage_text, out);
  fputs(usage_diagnostics, out);
  fputs(usage_projects, out);
}

static int push(const char ***arr, size_t *n, const char *value) {
  const char **p = realloc(*arr, (*n + 1) * sizeof *p);
  if (!p) return -1;
  p[(*n)++] = value;
  *arr = p;
  return 0;
}

static int push_filter(cli *c, const char *pattern, int enable) {
  c2h_check_filter *p = realloc(c->filters, (c->n_filters + 1) * sizeof *p);
  if (!p) return -1;
  p[c->n_filters++] = (c2h_check_filter){pattern, enable};
  c->filters = p;
  return 0;
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "cu2hip: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry 'cu2hip --help'.\n");
  return C2H_EXIT_USAGE;
}

/* An option getopt does not know: a long one gets the options it may have
 * meant, by prefix (ambiguous abbreviations) or by spelling. */
static int unknown_option(const char *arg, const struct option *longs) {
  char name[128];
  snprintf(name, sizeof name, "%s", strncmp(arg, "--", 2) == 0 ? arg + 2 : "");
  name[strcspn(name, "=")] = '\0';
  size_t len = strlen(name), prefixed = 0;
  for (const struct option *o = longs; len && o->name; o++) prefixed += strncmp(o->name, name, len) == 0;
  if (prefixed > 1) {
    fprintf(stderr, "cu2hip: option '--%s' is ambiguous:", name);
    for (const struct option *o = longs; o->name; o++)
      if (strncmp(o->name, name, len) == 0) fprintf(stderr, " --%s", o->name);
  } else {
    c2h_suggest sug;
    c2h_suggest_init(&sug, name);
    for (const struct option *o = longs; len && o->name; o++) c2h_suggest_add(&sug, o->name);
    fprintf(stderr, "cu2hip: unknown option '%s'", arg);
    c2h_suggest_print(stderr, &sug, "--");
  }
  fprintf(stderr, "\nTry 'cu2hip --help'.\n");
  return C2H_EXIT_USAGE;
}

/* -o DIR and --in-place name two places for the same outputs: the later
 * one used to win silently, and --in-place rewrites the inputs. */
static int both_outputs(void) {
  return usage_error("%s", "-o DIR and --in-place exclude each other: -o writes the translations under DIR and "
                           "leaves the inputs alone, --in-place replaces the inputs");
}

/* An unknown short option: getopt is still inside the word ("-Zfoo"),
 * so argv[optind - 1] may be the previous word, or the program's name. */
static int unknown_short_option(int opt, int argc, char **argv) {
  const char *word = NULL;
  for (int i = optind - 1; i <= optind && i < argc; i++)
    if (i > 0 && argv[i][0] == '-' && argv[i][1] != '-' && strchr(argv[i] + 1, opt)) word = argv[i];
  char flag[3] = {'-', (char)opt, '\0'};
  if (word && strcmp(word, flag) != 0)
    fprintf(stderr, "cu2hip: unknown option '%s' (in '%s')\n", flag, word);
  else
    fprintf(stderr, "cu2hip: unknown option '%s'\n", flag);
  fprintf(stderr, "Try 'cu2hip --help'.\n");
  return C2H_EXIT_USAGE;
}

static char *joined(const char *flag, const char *value) {
  char *s = malloc(strlen(flag) + strlen(value) + 1);
  if (s) strcat(strcpy(s, flag), value);
  return s;
}

static int set_launch(cli *c, const char *v) {
  if (strcmp(v, "cuda") == 0) c->project.translate.launch_syntax = C2H_LAUNCH_KEEP;
  else if (strcmp(v, "hip") == 0) c->project.translate.launch_syntax = C2H_LAUNCH_HIP;
  else return -1;
  return 0;
}

static int set_wave64(cli *c, const char *v) {
  if (strcmp(v, "rewrite") == 0) c->project.translate.wave64 = C2H_WAVE64_REWRITE;
  else if (strcmp(v, "report") == 0) c->project.translate.wave64 = C2H_WAVE64_REPORT;
  else return -1;
  return 0;
}

static int set_fail_on(cli *c, const char *v) {
  if (strcmp(v, "error") == 0) c->fail_on = FAIL_ON_ERROR;
  else if (strcmp(v, "warning") == 0) c->fail_on = FAIL_ON_WARNING;
  else if (strcmp(v, "never") == 0) c->fail_on = FAIL_ON_NEVER;
  else return -1;
  return 0;
}

/* Parses argv into c; returns -1 to go on, or an exit code. */
static int parse_args(cli *c, int argc, char **argv, char ***owned, size_t *n_owned) {
  enum {
    OPT_IN_PLACE = 256, OPT_BACKUP, OPT_RULES, OPT_ROCM, OPT_LAUNCH, OPT_WAVE64, OPT_EXTRA, OPT_CUDA, OPT_FAIL, OPT_STD,
    OPT_FORMAT, OPT_OUTPUT, OPT_SARIF_ROOT, OPT_ENABLE, OPT_DISABLE, OPT_CONFIG, OPT_NO_CONFIG, OPT_ANNOTATE,
    OPT_NO_COPY, OPT_EXCLUDE, OPT_INCLUDE, OPT_REPORT, OPT_NO_INCREMENTAL, OPT_OVERWRITE_EDITED, OPT_RENAME,
    OPT_HEADER_SUFFIX, OPT_OFFLOAD_ARCH, OPT_VERIFY, OPT_HIP_COMPILER, OPT_DEVICE_LIBS, OPT_TIME_LIMIT,
    OPT_NO_PARSE_CACHE, OPT_HIP_PATH, OPT_NO_COMPAT, OPT_LIBRARY_TARGET, OPT_PYTORCH
  };
  static const struct option longs[] = {{"output-dir", required_argument, 0, 'o'},
                                        {"in-place", no_argument, 0, OPT_IN_PLACE},
                                        {"backup", required_argument, 0, OPT_BACKUP},
                                        {"annotate", no_argument, 0, OPT_ANNOTATE},
                                        {"no-compat-header", no_argument, 0, OPT_NO_COMPAT},
                                        {"rules", required_argument, 0, OPT_RULES},
                                        {"rocm-version", required_argument, 0, OPT_ROCM},
                                        {"pytorch-version", required_argument, 0, OPT_PYTORCH},
                                        {"launch-syntax", required_argument, 0, OPT_LAUNCH},
                                        {"wave64", required_argument, 0, OPT_WAVE64},
                                        {"extra-arg", required_argument, 0, OPT_EXTRA},
                                        {"cuda-path", required_argument, 0, OPT_CUDA},
                                        {"fail-on", required_argument, 0, OPT_FAIL},
                                        {"std", required_argument, 0, OPT_STD},
                                        {"format", required_argument, 0, OPT_FORMAT},
                                        {"output", required_argument, 0, OPT_OUTPUT},
                                        {"sarif-root", required_argument, 0, OPT_SARIF_ROOT},
                                        {"enable", required_argument, 0, OPT_ENABLE},
                                        {"disable", required_argument, 0, OPT_DISABLE},
                                        {"config", required_argument, 0, OPT_CONFIG},
                                        {"no-config", no_argument, 0, OPT_NO_CONFIG},
                                        {"jobs", required_argument, 0, 'j'},
                                        {"no-copy", no_argument, 0, OPT_NO_COPY},
                                        {"exclude", required_argument, 0, OPT_EXCLUDE},
                                        {"include", required_argument, 0, OPT_INCLUDE},
                                        {"report", required_argument, 0, OPT_REPORT},
                                        {"compile-commands", required_argument, 0, 'p'},
                                        {"no-incremental", no_argument, 0, OPT_NO_INCREMENTAL},
                                        {"overwrite-edited", no_argument, 0, OPT_OVERWRITE_EDITED},
                                        {"no-parse-cache", no_argument, 0, OPT_NO_PARSE_CACHE},
                                        {"rename", no_argument, 0, OPT_RENAME},
                                        {"header-suffix", required_argument, 0, OPT_HEADER_SUFFIX},
                                        {"offload-arch", required_argument, 0, OPT_OFFLOAD_ARCH},
                                        {"verify", no_argument, 0, OPT_VERIFY},
                                        {"hip-compiler", required_argument, 0, OPT_HIP_COMPILER},
                                        {"device-lib-path", required_argument, 0, OPT_DEVICE_LIBS},
                                        {"hip-path", required_argument, 0, OPT_HIP_PATH},
                                        {"library-target", required_argument, 0, OPT_LIBRARY_TARGET},
                                        {"file-time-limit", required_argument, 0, OPT_TIME_LIMIT},
                                        {"quiet", no_argument, 0, 'q'},
                                        {"help", no_argument, 0, 'h'},
                                        {"version", no_argument, 0, 'V'},
                                        {0, 0, 0, 0}};
  int opt;
  c2h_report_format fmt;
  opterr = 0;
  while ((opt = getopt_long(argc, argv, ":o:p:I:D:U:j:qhV", longs, NULL)) != -1) {
    char *flag = NULL;
    switch (opt) {
      case 'o':
        if (c->project.mode == C2H_OUTPUT_IN_PLACE) return both_outputs();
        c->project.out_dir = optarg;
        c->project.mode = C2H_OUTPUT_DIR;
        break;
      case OPT_IN_PLACE:
        if (c->project.mode == C2H_OUTPUT_DIR) return both_outputs();
        c->project.mode = C2H_OUTPUT_IN_PLACE;
        break;
      case OPT_BACKUP:
        if (!*optarg) return usage_error("--backup needs a non-empty suffix%s", "");
        c->project.backup_suffix = optarg;
        break;
      case OPT_ANNOTATE: c->project.translate.annotate = 1; break;
      case OPT_NO_COMPAT: c->project.translate.no_compat_header = 1; break;
      case OPT_RULES: if (push(&c->rule_files, &c->n_rule_files, optarg)) return C2H_EXIT_INTERNAL; break;
      case OPT_ROCM: c->rocm_version = optarg; break;
      case OPT_PYTORCH: c->pytorch_version = optarg; break;
      case OPT_LAUNCH:
        if (set_launch(c, optarg)) return usage_error("--launch-syntax must be cuda or hip, not '%s'", optarg);
        c->launch_set = 1;
        break;
      case OPT_WAVE64:
        if (set_wave64(c, optarg)) return usage_error("--wave64 must be rewrite or report, not '%s'", optarg);
        c->wave64_set = 1;
        break;
      case OPT_EXTRA: if (push(&c->clang_args, &c->n_clang_args, optarg)) return C2H_EXIT_INTERNAL; break;
      case OPT_CUDA: c->project.translate.cuda_path = optarg; break;
      case OPT_FAIL:
        if (set_fail_on(c, optarg)) return usage_error("--fail-on must be error, warning or never, not '%s'", optarg);
        c->fail_on_set = 1;
        break;
      case OPT_FORMAT:
        if (c2h_report_format_parse(optarg, &fmt))
          return usage_error("--format must be text, json, jsonl or sarif, not '%s'", optarg);
        c->format = optarg;
        break;
      case OPT_OUTPUT:
        if (!*optarg) return usage_error("--output needs a file name (or - for stdout)%s", "");
        c->output = optarg;
        break;
      case OPT_SARIF_ROOT: c->sarif_root = optarg; break;
      case OPT_ENABLE:
      case OPT_DISABLE:
        if (!c2h_check_pattern_valid(optarg)) {
          char hint[256];
          c2h_check_pattern_hint(optarg, hint, sizeof hint);
          fprintf(stderr, "cu2hip: check pattern '%s' names no check%s (see 'cu2hip explain')\n", optarg, hint);
          return usage_error("%s", "--enable and --disable take check names or globs");
        }
        if (push_filter(c, optarg, opt == OPT_ENABLE)) return C2H_EXIT_INTERNAL;
        break;
      case OPT_CONFIG: c->config_path = optarg; break;
      case OPT_NO_CONFIG: c->no_config = 1; break;
      case 'j': {
        char *end = NULL;
        long n = strtol(optarg, &end, 10);
        if (!*optarg || *end || n < 0 || n > 64) return usage_error("--jobs takes a number from 0 (one per core) to 64, not '%s'", optarg);
        c->project.jobs = (unsigned)n;
        break;
      }
      case OPT_NO_COPY: c->project.no_copy = 1; break;
      case OPT_EXCLUDE: if (push(&c->exclude, &c->n_exclude, optarg)) return C2H_EXIT_INTERNAL; break;
      case OPT_INCLUDE: if (push(&c->include, &c->n_include, optarg)) return C2H_EXIT_INTERNAL; break;
      case OPT_REPORT:
        if (!c2h_report_project_kind_valid(optarg))
          return usage_error("--report FILE must end in .md, .json or .html, not '%s'", optarg);
        c->report = optarg;
        break;
      case 'p': c->project.compile_db = optarg; break;
      case OPT_NO_INCREMENTAL: c->no_incremental = 1; break;
      case OPT_OVERWRITE_EDITED: c->project.overwrite_edited = 1; break;
      case OPT_NO_PARSE_CACHE: c->no_parse_cache = 1; break;
      case OPT_RENAME: c->project.rename = 1; break;
      case OPT_HEADER_SUFFIX:
        if (optarg[0] != '.' || !optarg[1] || strchr(optarg, '/'))
          return usage_error("--header-suffix takes a suffix such as .hpp or .h, not '%s'", optarg);
        c->project.header_suffix = optarg;
        break;
      case OPT_OFFLOAD_ARCH:
        if (c2h_cli_check_arch("cu2hip", "--offload-arch", optarg)) return C2H_EXIT_USAGE;
        c->project.offload_arch = optarg;
        break;
      case OPT_VERIFY: c->verify = 1; break;
      case OPT_HIP_COMPILER: c->hip_compiler = optarg; break;
      case OPT_DEVICE_LIBS: c->device_lib_path = optarg; break;
      case OPT_HIP_PATH: c->hip_path = optarg; break;
      case OPT_LIBRARY_TARGET: {
        c2h_lib_targets scratch = {{0}};
        char why[512];
        if (c2h_lib_targets_apply(&scratch, optarg, why, sizeof why)) return usage_error("%s", why);
        if (push(&c->library_targets, &c->n_library_targets, optarg)) return C2H_EXIT_INTERNAL;
        break;
      }
      case OPT_TIME_LIMIT: {
        char *end = NULL;
        double seconds = strtod(optarg, &end);
        if (!*optarg || *end || !(seconds >= 0) || seconds > 86400)
          return usage_error("--file-time-limit takes seconds from 0 (no limit) to 86400, not '%s'", optarg);
        c->project.translate.time_limit_ms = (unsigned long)(seconds * 1000 + 0.5);
        if (seconds > 0 && c->project.translate.time_limit_ms == 0) c->project.translate.time_limit_ms = 1;
        c->time_limit_set = 1;
        break;
      }
      case 'I': flag = joined("-I", optarg); break;
      case 'D': flag = joined("-D", optarg); break;
      case 'U': flag = joined("-U", optarg); break;
      case OPT_STD: flag = joined("-std=", optarg); break;
      case 'q': c->quiet = 1; break;
      case 'h': print_usage(stdout); return C2H_EXIT_OK;
      case 'V': printf("cu2hip %s\n", c2h_version_string()); return C2H_EXIT_OK;
      case ':': return usage_error("option '%s' needs a value", argv[optind - 1]);
      default:
        if (optopt) return unknown_short_option(optopt, argc, argv);
        return unknown_option(argv[optind - 1], longs);
    }
    if (opt == 'I' || opt == 'D' || opt == 'U' || opt == OPT_STD) {
      char **p = realloc(*owned, (*n_owned + 1) * sizeof *p);
      if (!flag || !p) {
        free(flag);
        if (p) *owned = p;
        return C2H_EXIT_INTERNAL;
      }
      *owned = p;
      p[(*n_owned)++] = flag;
      if (push(&c->clang_args, &c->n_clang_args, flag)) return C2H_EXIT_INTERNAL;
    }
  }
  if (c->check_only) {
    if (c->project.mode != C2H_OUTPUT_STDOUT)
      return usage_error("%s", "check writes nothing: -o and --in-place do not apply");
    c->project.mode = C2H_OUTPUT_NONE;
  }
  if (c->project.backup_suffix && c->project.mode != C2H_OUTPUT_IN_PLACE)
    return usage_error("%s", "--backup only applies with --in-place");
  if (c->config_path && c->no_config) return usage_error("%s", "--config and --no-config exclude each other");
  if (c->output && strcmp(c->output, "-") == 0 && c->project.mode == C2H_OUTPUT_STDOUT)
    return usage_error("%s", "--output -: stdout holds the translation; use check, -o DIR or --in-place");
  if ((c->project.rename || c->project.header_suffix) && c->project.mode != C2H_OUTPUT_DIR)
    return usage_error("%s", "--rename and --header-suffix need an output directory (-o DIR)");
  if (c->verify && c->project.mode != C2H_OUTPUT_DIR)
    return usage_error("%s", "--verify compiles the output: give an output directory (-o DIR)");
  if ((c->hip_path || c->device_lib_path || c->hip_compiler) && !c->verify)
    return usage_error("%s", "--hip-path, --device-lib-path and --hip-compiler apply with --verify");
  if (c->project.overwrite_edited && c->project.mode != C2H_OUTPUT_DIR)
    return usage_error("%s", "--overwrite-edited applies with an output directory (-o DIR)");
  if (c->project.header_suffix && !c->project.rename)
    return usage_error("%s", "--header-suffix applies with --rename");
  c->project.incremental = c->project.mode == C2H_OUTPUT_DIR && !c->no_incremental;
  if (!c->time_limit_set) c->project.translate.time_limit_ms = 60 * 1000;
  /* The precompiled shim is kept across processes unless asked not to: a
   * run of one small file costs little more than the file itself then. */
  if (!c->no_parse_cache && !c->project.translate.cuda_path) {
    c->parse_cache_dir = c2h_disk_cache_default_dir();
    c->project.translate.parse_cache_dir = c->parse_cache_dir;
  }
  if (optind >= argc && !c->project.compile_db) return usage_error("%s", "no input given");
  return -1;
}

/* Prepends the n items of src to the list *arr (config values come before
 * the command line's, which override or follow them). */
static int prepend(const char ***arr, size_t *n, char *const *src, size_t n_src) {
  if (!n_src) return 0;
  const char **p = malloc((*n + n_src) * sizeof *p);
  if (!p) return -1;
  for (size_t i = 0; i < n_src; i++) p[i] = src[i];
  for (size_t i = 0; i < *n; i++) p[n_src + i] = (*arr)[i];
  free(*arr);
  *arr = p;
  *n += n_src;
  return 0;
}

/* Finds and reads the configuration file, and fills in what the command line
 * left unset. Returns -1 to go on, or an exit code. */
static int apply_config(cli *c, c2h_config *cfg, const char *first_input) {
  c2h_error err;
  c2h_error_clear(&err);
  char *found = NULL;
  int code = -1;
  if (c->no_config) return -1;
  if (!c->config_path) {
    if (c2h_config_find(first_input, &found, &err)) return C2H_EXIT_INTERNAL;
    if (!found) return -1;
  }
  int rc = c2h_config_load(cfg, c->config_path ? c->config_path : found, &err);
  free(found);
  if (rc) {
    char msg[2048];
    c2h_error_format(&err, msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
    return rc == C2H_ERR_NOMEM ? C2H_EXIT_INTERNAL : C2H_EXIT_USAGE;
  }
  if (!c->rocm_version) c->rocm_version = cfg->rocm_version;
  if (!c->pytorch_version) c->pytorch_version = cfg->pytorch_version;
  if (!c->launch_set && cfg->launch_syntax) set_launch(c, cfg->launch_syntax);
  if (!c->wave64_set && cfg->wave64) set_wave64(c, cfg->wave64);
  if (!c->fail_on_set && cfg->fail_on) set_fail_on(c, cfg->fail_on);
  if (!c->format) c->format = cfg->format;
  /* Config disables, then its enables (exceptions), then the command line. */
  c2h_check_filter *old = c->filters;
  size_t n_old = c->n_filters;
  c->filters = NULL;
  c->n_filters = 0;
  for (size_t i = 0; i < cfg->n_disable && code < 0; i++)
    if (push_filter(c, cfg->disable[i], 0)) code = C2H_EXIT_INTERNAL;
  for (size_t i = 0; i < cfg->n_enable && code < 0; i++)
    if (push_filter(c, cfg->enable[i], 1)) code = C2H_EXIT_INTERNAL;
  for (size_t i = 0; i < n_old && code < 0; i++)
    if (push_filter(c, old[i].pattern, old[i].enable)) code = C2H_EXIT_INTERNAL;
  free(old);
  if (code < 0 && (prepend(&c->rule_files, &c->n_rule_files, cfg->rules, cfg->n_rules) ||
                   prepend(&c->clang_args, &c->n_clang_args, cfg->extra_args, cfg->n_extra_args) ||
                   prepend(&c->library_targets, &c->n_library_targets, cfg->library_targets,
                           cfg->n_library_targets)))
    code = C2H_EXIT_INTERNAL;
  return code;
}

/* The parse flags (--extra-arg, -I/-D/-U, --std, the configuration's
 * extra-args) checked once with libclang: a flag it rejects would fail
 * every file alike. The message names the flag and where it came from.
 * Returns -1, or an exit code after a message. */
static int check_parse_flags(const cli *c, const c2h_config *cfg) {
  size_t bad = 0;
  c2h_error err;
  c2h_error_clear(&err);
  int rc = c2h_front_check_flags((const char *const *)c->clang_args, c->n_clang_args, &bad, &err);
  if (!rc) return -1;
  if (rc != C2H_ERR_USAGE) {
    char msg[2048];
    c2h_error_format(&err, msg, sizeof msg);
    fprintf(stderr, "cu2hip: %s\n", msg);
    return C2H_EXIT_INTERNAL;
  }
  size_t from_config = cfg->n_extra_args; /* they come first (apply_config) */
  if (bad < from_config && cfg->extra_arg_marks) {
    c2h_report_put_escaped(stderr, cfg->path);
    fprintf(stderr, ":%u:%u: error: extra-args: the parser (libclang) does not accept the flag '",
            cfg->extra_arg_marks[bad][0], cfg->extra_arg_marks[bad][1]);
  } else if (bad < c->n_clang_args) {
    fputs("cu2hip: the parser (libclang) does not accept the flag '", stderr);
  } else {
    fputs("cu2hip: the parser (libclang) does not accept these flags together:", stderr);
    for (size_t i = 0; i < c->n_clang_args; i++) {
      fputs(" '", stderr);
      c2h_report_put_escaped(stderr, c->clang_args[i]);
      fputc('\'', stderr);
    }
    if (from_config) {
      fputs(" (the first ", stderr);
      fprintf(stderr, "%zu from extra-args of ", from_config);
      c2h_report_put_escaped(stderr, cfg->path);
      fputc(')', stderr);
    }
    fputc('\n', stderr);
    return C2H_EXIT_USAGE;
  }
  c2h_report_put_escaped(stderr, c->clang_args[bad]);
  fputs(bad < from_config ? "'\n" : "' given on the command line\n", stderr);
  return C2H_EXIT_USAGE;
}

/* --rocm-version auto: the HIP version of the installation the ROCm search
 * finds (the one --verify compiles against), 0 when it gives none; a
 * warning when that release predates the target GPU. Returns -1, or an
 * exit code. */
static int auto_rocm_version(const cli *c, c2h_version *target) {
  c2h_rocm_install inst;
  char *warning = NULL;
  int rc = c2h_rocm_find(c->hip_path, &inst);
  if (!rc) rc = c2h_rocm_predates_arch(&inst, c->project.offload_arch, &warning);
  *target = inst.version;
  c2h_rocm_install_dispose(&inst);
  if (rc) {
    fputs("cu2hip: out of memory\n", stderr);
    return C2H_EXIT_INTERNAL;
  }
  if (warning) fprintf(stderr, "cu2hip: warning: %s\n", warning);
  free(warning);
  return -1;
}

static int load_rules(cli *c, c2h_rules **rules) {
  c2h_error err;
  c2h_error_clear(&err);
  char msg[2048];
  /* Every value was checked when it was read: config values come first, so
   * the command line overrides them. */
  c2h_lib_targets targets = {{0}};
  for (size_t i = 0; i < c->n_library_targets; i++)
    c2h_lib_targets_apply(&targets, c->library_targets[i], msg, sizeof msg);
  if (c2h_lib_targets_roc(&targets, &c->roc_libraries, &c->n_roc_libraries)) return C2H_EXIT_INTERNAL;
  c->project.roc_libraries = (const char *const *)c->roc_libraries;
  c->project.n_roc_libraries = c->n_roc_libraries;
  /* The compiled table lives beside the precompiled shims, and goes with them. */
  char *cache_dir = c->no_parse_cache ? NULL : c2h_disk_cache_default_dir();
  int rc = c2h_rules_new_default_cached(rules, (const char *const *)c->roc_libraries, c->n_roc_libraries, cache_dir,
                                        &err);
  free(cache_dir);
  for (size_t i = 0; rc == 0 && i < c->n_rule_files; i++) rc = c2h_rules_load_file(*rules, c->rule_files[i], &err);
  if (rc) {
    c2h_error_format(&err, msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
    return rc == C2H_ERR_NOMEM ? C2H_EXIT_INTERNAL : C2H_EXIT_USAGE;
  }
  const char *v = c->rocm_version ? c->rocm_version : "auto";
  c2h_version target = 0;
  int code;
  if (strcmp(v, "auto") == 0 && (code = auto_rocm_version(c, &target)) >= 0) return code;
  if (strcmp(v, "latest") == 0 || (strcmp(v, "auto") == 0 && !target))
    target = c2h_rules_newest_version(*rules);
  else if (strcmp(v, "auto") != 0 && c2h_version_parse(v, &target))
    return usage_error("--rocm-version must be X.Y, auto or latest, not '%s'", v);
  /* A release newer than every one the rule table knows: the table cannot
   * tell what it added or removed, so the output would claim a target it
   * was never checked against (usually a typo: 62 for 6.2). */
  c2h_version newest = c2h_rules_newest_version(*rules);
  if (strcmp(v, "auto") != 0 && strcmp(v, "latest") != 0 && newest && target > newest) {
    char known[32];
    c2h_version_format(newest, known, sizeof known);
    fprintf(stderr, "cu2hip: --rocm-version %s is newer than any ROCm release the rule table knows (newest: %s)\n",
            v, known);
    return usage_error("%s", "give a version up to that one, or latest");
  }
  c->project.translate.rocm_version = target;
  const char *pv = c->pytorch_version ? c->pytorch_version : "auto";
  c2h_version pytorch = 0;
  if (strcmp(pv, "auto") == 0) pytorch = c2h_installed_pytorch_version();
  else if (c2h_version_parse(pv, &pytorch))
    return usage_error("--pytorch-version must be X.Y or auto, not '%s'", pv);
  c->project.translate.pytorch_version = pytorch;
  c->project.translate.rules = *rules;
  return -1;
}

/* Where a report goes without --output: a machine-readable report of
 * `check`, which writes nothing else to stdout, goes there as linters'
 * do (`cu2hip check --format=json x.cu | jq`); text diagnostics, and any
 * report next to a translation on stdout, go to stderr. */
static FILE *default_report_stream(const cli *c, c2h_report_format format) {
  return c->check_only && format != C2H_FORMAT_TEXT ? stdout : stderr;
}

/* What the run writes to standard output, for messages about writing it. */
static const char *stdout_holds(const cli *c, c2h_report_format format) {
  int translation = !c->check_only && c->project.mode == C2H_OUTPUT_STDOUT;
  int report = c->output ? strcmp(c->output, "-") == 0 : default_report_stream(c, format) == stdout;
  return translation && report ? "the translation and the report" : translation ? "the translation"
         : report                                                   ? "the report"
                                                                    : "the output";
}

/* Writes the report where --output says: the default stream, stdout ("-")
 * or a file replaced atomically. Returns 0, or an exit code after a message. */
static int write_report(const cli *c, c2h_report_format format, const c2h_diag_list *diags) {
  c2h_error err;
  c2h_error_clear(&err);
  char msg[2048];
  int rc = 0;
  if (!c->output || strcmp(c->output, "-") == 0) {
    FILE *out = c->output ? stdout : default_report_stream(c, format);
    errno = 0;
    rc = c2h_report_write(out, format, diags, c->sarif_root, &err);
    if (rc == 0 && fflush(out) != 0) rc = C2H_ERR_IO;
    if (rc == C2H_ERR_IO) {
      /* A full disk or a closed pipe: said with the system's reason. */
      int e = errno;
      rc = c2h_error_set(&err, C2H_ERR_IO, NULL, 0, 0, "cannot write the report to %s%s%s",
                         out == stdout ? "standard output" : "standard error", e ? ": " : "", e ? strerror(e) : "");
    }
  } else {
    char *data = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&data, &len);
    if (!mem) {
      rc = c2h_error_set(&err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
    } else {
      rc = c2h_report_write(mem, format, diags, c->sarif_root, &err);
      if (fclose(mem) != 0 && rc == 0) rc = c2h_error_set(&err, C2H_ERR_NOMEM, NULL, 0, 0, "out of memory");
      struct stat st;
      mode_t mode = stat(c->output, &st) == 0 ? (st.st_mode & 0777) : 0644;
      if (rc == 0) rc = c2h_file_write_atomic(c->output, data ? data : "", len, mode, &err);
    }
    free(data);
  }
  if (rc == 0) return 0;
  c2h_error_format(&err, msg, sizeof msg);
  fprintf(stderr, "cu2hip: %s\n", msg);
  return rc == C2H_ERR_NOMEM ? C2H_EXIT_INTERNAL : C2H_EXIT_USAGE;
}

/* "cu2hip: MESSAGE" on stderr; the message names inputs, whose control
 * characters are escaped as in diagnostics. */
static void say_error(const char *msg) {
  fputs("cu2hip: ", stderr);
  c2h_report_put_escaped(stderr, msg);
  fputc('\n', stderr);
}

/* `cu2hip explain [NAME...]`. */
static int explain(int argc, char **argv) {
  if (argc == 0) {
    for (int i = 0; i < C2H_CHECK__COUNT; i++)
      printf("%-30s %-8s %s\n", c2h_check_name((c2h_check)i), c2h_severity_name(c2h_check_default_severity((c2h_check)i)),
             c2h_check_summary((c2h_check)i));
    return C2H_EXIT_OK;
  }
  for (int a = 0; a < argc; a++) {
    if (strcmp(argv[a], "-h") == 0 || strcmp(argv[a], "--help") == 0) {
      printf("usage: cu2hip explain [CHECK...]\n");
      return C2H_EXIT_OK;
    }
    int id = c2h_check_from_name(argv[a]);
    if (id < 0) {
      c2h_suggest sug;
      c2h_suggest_init(&sug, argv[a]);
      for (int i = 0; i < C2H_CHECK__COUNT; i++) c2h_suggest_add(&sug, c2h_check_name((c2h_check)i));
      fprintf(stderr, "cu2hip: unknown check '%s'", argv[a]);
      c2h_suggest_print(stderr, &sug, "");
      fprintf(stderr, "\nthe checks are:\n");
      for (int i = 0; i < C2H_CHECK__COUNT; i++) fprintf(stderr, "  %s\n", c2h_check_name((c2h_check)i));
      return C2H_EXIT_USAGE;
    }
  }
  for (int a = 0; a < argc; a++) {
    c2h_check id = (c2h_check)c2h_check_from_name(argv[a]);
    const char *text;
    size_t len;
    char url[2048];
    int linked = c2h_check_help_url(id, url, sizeof url) == 0;
    printf("%s%s (%s): %s\n\n", a ? "\n" : "", c2h_check_name(id), c2h_severity_name(c2h_check_default_severity(id)),
           c2h_check_summary(id));
    if (c2h_check_doc(c2h_check_name(id), &text, &len) == 0) printf("%.*s\n%s", (int)len, text, linked ? "\n" : "");
    if (linked) printf("%s\n", url);
  }
  return ferror(stdout) ? C2H_EXIT_USAGE : C2H_EXIT_OK;
}

/* `cu2hip compat-header`: the header translations that use its functions
 * include, for a translation printed to stdout. */
static int print_compat_header(int argc, char **argv) {
  if (argc > 0) {
    fprintf(stderr, "usage: cu2hip compat-header > " C2H_COMPAT_HEADER_NAME "\n");
    return strcmp(argv[0], "-h") == 0 || strcmp(argv[0], "--help") == 0 ? C2H_EXIT_OK : C2H_EXIT_USAGE;
  }
  size_t len = 0;
  const char *text = c2h_compat_header(&len);
  return fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0 ? C2H_EXIT_USAGE : C2H_EXIT_OK;
}

/* `cu2hip chekc src/`: a first argument that is no file but a near miss
 * of a command. Returns -1 to go on, or an exit code after a message. */
static int mistyped_command(int argc, char **argv) {
  static const char *const commands[] = {"check", "explain", "rules", "doctor", "compat-header", "run", "help",
                                         "version"};
  if (argc < 2 || argv[1][0] == '-' || access(argv[1], F_OK) == 0) return -1;
  c2h_suggest sug;
  c2h_suggest_init(&sug, argv[1]);
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) c2h_suggest_add(&sug, commands[i]);
  if (!sug.n) return -1;
  fprintf(stderr, "cu2hip: '%s' is neither a file nor a command", argv[1]);
  c2h_suggest_print(stderr, &sug, "");
  fprintf(stderr, "\nTry 'cu2hip --help'.\n");
  return C2H_EXIT_USAGE;
}

int main(int argc, char **argv) {
  cli c;
  memset(&c, 0, sizeof c);
  c.project.mode = C2H_OUTPUT_STDOUT;
  char **owned = NULL;
  size_t n_owned = 0;
  c2h_rules *rules = NULL;
  c2h_config cfg;
  c2h_config_init(&cfg);
  c2h_diag_list diags;
  c2h_diag_list_init(&diags);
  c2h_report_format format = C2H_FORMAT_TEXT;
  c2h_project_summary sum;
  memset(&sum, 0, sizeof sum);
  c2h_journal *journal = NULL;
  int code;
  /* cu2hip run: its own options come out of argv; the rest is parsed as
   * for a translation (src/run/run.h). */
  c2h_run_options run;
  memset(&run, 0, sizeof run);
  char **run_argv = NULL;
  int run_mode = argc > 1 && strcmp(argv[1], "run") == 0;
  /* Commands, like check and explain, whatever files the folder holds: a
   * file called help or version is named ./help. */
  if (argc > 1 && strcmp(argv[1], "help") == 0) {
    print_usage(stdout);
    return fflush(stdout) != 0 ? C2H_EXIT_USAGE : C2H_EXIT_OK;
  }
  if (argc > 1 && strcmp(argv[1], "version") == 0) {
    printf("cu2hip %s\n", c2h_version_string());
    return fflush(stdout) != 0 ? C2H_EXIT_USAGE : C2H_EXIT_OK;
  }
  if (argc > 1 && strcmp(argv[1], "explain") == 0) return explain(argc - 2, argv + 2);
  if (argc > 1 && strcmp(argv[1], "rules") == 0) return c2h_cli_rules(argc - 2, argv + 2, NULL, 0);
  if (argc > 1 && strcmp(argv[1], "doctor") == 0) return c2h_cli_doctor(argc - 2, argv + 2);
  if (argc > 1 && strcmp(argv[1], "compat-header") == 0) return print_compat_header(argc - 2, argv + 2);
  if (run_mode) {
    if ((code = c2h_run_split_args(argc, argv, &run, &argc, &run_argv)) >= 0) return code;
    argv = run_argv;
  }
  if (!run_mode && (code = mistyped_command(argc, argv)) >= 0) return code;
  if (argc > 1 && strcmp(argv[1], "check") == 0) {
    c.check_only = 1;
    argv++;
    argc--;
  }
  if ((code = parse_args(&c, argc, argv, &owned, &n_owned)) >= 0) goto done;
  if (run_mode && optind >= argc) {
    code = usage_error("%s", "cu2hip run needs a PATH (a file or a project folder) to build and run");
    goto done;
  }
  if (run_mode) {
    run.quiet |= c.quiet;
    if ((code = c2h_run_prepare(&run)) >= 0) goto done;
  }
  if ((code = apply_config(&c, &cfg, optind < argc ? argv[optind] : c.project.compile_db)) >= 0) goto done;
  if ((code = check_parse_flags(&c, &cfg)) >= 0) goto done;
  if (run_mode) {
    /* The completion header reproduces the warp functions of ROCm 6.3 and
     * later (64-bit _sync masks): translate for the newest release unless
     * told otherwise. */
    if (!c.rocm_version) c.rocm_version = "latest";
    /* The CPU runtime launches through hipLaunchKernelGGL: no <<<>>>. */
    c.project.translate.launch_syntax = C2H_LAUNCH_HIP;
    c.project.mode = C2H_OUTPUT_DIR;
    c.project.out_dir = run.dir;
  }
  if (c.format) c2h_report_format_parse(c.format, &format);
  if ((code = load_rules(&c, &rules)) >= 0) goto done;
  c.project.exclude = c.exclude;
  c.project.n_exclude = c.n_exclude;
  c.project.include = c.include;
  c.project.n_include = c.n_include;
  c.project.translate.clang_args = c.clang_args;
  c.project.translate.n_clang_args = c.n_clang_args;
  c.project.filters = c.filters;
  c.project.n_filters = c.n_filters;
  c.project.verify = c.verify;
  c.project.verify_options.compiler = c.hip_compiler;
  c.project.verify_options.hip_path = c.hip_path;
  c.project.verify_options.device_lib_path = c.device_lib_path;

  c2h_progress progress;
  c2h_progress_init(&progress, stderr);
  if (!c.quiet) {
    c.project.progress = c2h_progress_update;
    c.project.progress_ctx = &progress;
    c.project.progress_phase = c2h_progress_phase;
  }
  /* From here on the run may crash on a file: a supervising parent starts
   * it again without that file (supervise.c). No thread runs before this. */
  /* Not for run: the supervisor holds the child's stdout back, and the
   * program's own crash is no crash of the translation. */
  if (!run_mode && (code = c2h_cli_supervise(&journal, stdout_holds(&c, format))) >= 0) goto done;
  c.project.journal = journal;
  c2h_error err;
  c2h_error_clear(&err);
  c2h_named_file reports[2];
  size_t n_reports = 0;
  if (c.output) reports[n_reports++] = (c2h_named_file){"--output", c.output};
  if (c.report) reports[n_reports++] = (c2h_named_file){"--report", c.report};
  c.project.report_files = reports;
  c.project.n_report_files = n_reports;
  int rc = c2h_project_run(&c.project, (const char *const *)argv + optind, (size_t)(argc - optind), &sum,
                           &diags, &err);
  c2h_progress_finish(&progress);
  /* A report that would replace an input is not written at all. */
  int report_code = sum.report_is_input ? 0 : write_report(&c, format, &diags);
  if (rc == C2H_ERR_NO_SOURCES) {
    /* An input error (a CI job pointed at the wrong folder must not pass
     * as "clean"), said plainly and with nothing written. */
    say_error(err.message);
    code = report_code ? report_code : C2H_EXIT_USAGE;
    goto done;
  }
  if (rc) {
    char msg[2048];
    c2h_error_format(&err, msg, sizeof msg);
    say_error(msg);
    code = rc == C2H_ERR_USAGE || rc == C2H_ERR_IO ? C2H_EXIT_USAGE : C2H_EXIT_INTERNAL;
    goto done;
  }
  if (!c.quiet) c2h_report_summary(stderr, &sum, c.check_only);
  if (c.report && c2h_report_project(c.report, &sum, &diags, &err)) {
    char msg[2048];
    c2h_error_format(&err, msg, sizeof msg);
    fprintf(stderr, "cu2hip: cannot write the report: %s\n", msg);
    if (!report_code) report_code = err.code == C2H_ERR_NOMEM ? C2H_EXIT_INTERNAL : C2H_EXIT_USAGE;
  }
  if (report_code)
    code = report_code;
  else if (sum.input_errors)
    code = C2H_EXIT_USAGE;
  else if ((c.fail_on == FAIL_ON_ERROR && sum.by_severity[C2H_SEV_ERROR]) ||
           (c.fail_on == FAIL_ON_WARNING && (sum.by_severity[C2H_SEV_ERROR] || sum.by_severity[C2H_SEV_WARNING])))
    code = C2H_EXIT_DIAGNOSTICS;
  else
    code = C2H_EXIT_OK;
  if (run_mode && !report_code && !sum.input_errors)
    code = c2h_run_build_and_exec(&run, &sum, (const char *const *)argv + optind, (size_t)(argc - optind),
                                  c.clang_args, c.n_clang_args);
done:
  if (run_mode) c2h_run_finish(&run, code);
  free(run_argv);
  c2h_journal_free(journal);
  c2h_project_summary_dispose(&sum);
  c2h_diag_list_dispose(&diags);
  c2h_rules_free(rules);
  c2h_config_dispose(&cfg);
  for (size_t i = 0; i < n_owned; i++) free(owned[i]);
  free(owned);
  free(c.rule_files);
  free(c.library_targets);
  for (size_t i = 0; i < c.n_roc_libraries; i++) free(c.roc_libraries[i]);
  free(c.roc_libraries);
  free(c.exclude);
  free(c.include);
  free(c.clang_args);
  free(c.filters);
  free(c.parse_cache_dir);
  return code;
}
