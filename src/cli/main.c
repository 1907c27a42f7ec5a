/* The cu2hip command: option parsing and exit codes; the library does the work. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/exit_codes.h"
#include "cu2hip/cu2hip.h"
#include "report/report.h"

typedef enum fail_on { FAIL_ON_ERROR, FAIL_ON_WARNING, FAIL_ON_NEVER } fail_on;

typedef struct cli {
  c2h_project_options project;
  const char **rule_files;
  size_t n_rule_files;
  const char **clang_args;
  size_t n_clang_args;
  const char *rocm_version;
  fail_on fail_on;
  int quiet;
  int check_only;
} cli;

static const char usage_text[] =
    "usage: cu2hip [options] FILE                 print the HIP translation of FILE\n"
    "       cu2hip [options] -o OUTDIR PATH...    write translations under OUTDIR\n"
    "       cu2hip [options] --in-place PATH...   rewrite files in place\n"
    "       cu2hip check [options] PATH...        report diagnostics, write nothing\n"
    "\n"
    "PATH is a file or a directory; directories are walked recursively for CUDA\n"
    "sources (.cu .cuh .h .hpp .cpp .cc .cxx .inl).\n"
    "\n"
    "options:\n"
    "  -o, --output-dir DIR      write translated files under DIR (mirrors input paths)\n"
    "      --in-place            replace each input with its translation (atomic)\n"
    "      --backup=SUFFIX       with --in-place, keep the original as FILE SUFFIX\n"
    "      --rules FILE          load extra rule-table entries (may repeat; override defaults)\n"
    "      --rocm-version V      oldest ROCm the output must build with: X.Y, auto (the\n"
    "                            installed HIP, else latest), latest     [default: auto]\n"
    "      --launch-syntax S     kernel launches: cuda (keep <<<>>>) or hip\n"
    "                            (hipLaunchKernelGGL)                    [default: cuda]\n"
    "  -I DIR, -D NAME[=VAL], -U NAME, --std=STD\n"
    "                            parser flags, as for a compiler\n"
    "      --extra-arg ARG       pass ARG to the parser\n"
    "      --cuda-path DIR       parse against this CUDA toolkit instead of the built-in shim\n"
    "      --fail-on LEVEL       exit 1 on diagnostics at or above LEVEL: error, warning,\n"
    "                            never                                   [default: error]\n"
    "  -q, --quiet               no summary line\n"
    "  -h, --help                this help\n"
    "  -V, --version             version\n"
    "\n"
    "exit codes:\n"
#define X(id, value, meaning) "  " #value "  " meaning "\n"
#include "cu2hip/exit_codes.def"
#undef X
    ;

static int push(const char ***arr, size_t *n, const char *value) {
  const char **p = realloc(*arr, (*n + 1) * sizeof *p);
  if (!p) return -1;
  p[(*n)++] = value;
  *arr = p;
  return 0;
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "cu2hip: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry 'cu2hip --help'.\n");
  return C2H_EXIT_USAGE;
}

static char *joined(const char *flag, const char *value) {
  char *s = malloc(strlen(flag) + strlen(value) + 1);
  if (s) strcat(strcpy(s, flag), value);
  return s;
}

/* Parses argv into c; returns -1 to go on, or an exit code. */
static int parse_args(cli *c, int argc, char **argv, char ***owned, size_t *n_owned) {
  enum { OPT_IN_PLACE = 256, OPT_BACKUP, OPT_RULES, OPT_ROCM, OPT_LAUNCH, OPT_EXTRA, OPT_CUDA, OPT_FAIL, OPT_STD };
  static const struct option longs[] = {{"output-dir", required_argument, 0, 'o'},
                                        {"in-place", no_argument, 0, OPT_IN_PLACE},
                                        {"backup", required_argument, 0, OPT_BACKUP},
                                        {"rules", required_argument, 0, OPT_RULES},
                                        {"rocm-version", required_argument, 0, OPT_ROCM},
                                        {"launch-syntax", required_argument, 0, OPT_LAUNCH},
                                        {"extra-arg", required_argument, 0, OPT_EXTRA},
                                        {"cuda-path", required_argument, 0, OPT_CUDA},
                                        {"fail-on", required_argument, 0, OPT_FAIL},
                                        {"std", required_argument, 0, OPT_STD},
                                        {"quiet", no_argument, 0, 'q'},
                                        {"help", no_argument, 0, 'h'},
                                        {"version", no_argument, 0, 'V'},
                                        {0, 0, 0, 0}};
  int opt;
  opterr = 0;
  while ((opt = getopt_long(argc, argv, ":o:I:D:U:qhV", longs, NULL)) != -1) {
    char *flag = NULL;
    switch (opt) {
      case 'o': c->project.out_dir = optarg; c->project.mode = C2H_OUTPUT_DIR; break;
      case OPT_IN_PLACE: c->project.mode = C2H_OUTPUT_IN_PLACE; break;
      case OPT_BACKUP:
        if (!*optarg) return usage_error("--backup needs a non-empty suffix%s", "");
        c->project.backup_suffix = optarg;
        break;
      case OPT_RULES: if (push(&c->rule_files, &c->n_rule_files, optarg)) return C2H_EXIT_INTERNAL; break;
      case OPT_ROCM: c->rocm_version = optarg; break;
      case OPT_LAUNCH:
        if (strcmp(optarg, "cuda") == 0) c->project.translate.launch_syntax = C2H_LAUNCH_KEEP;
        else if (strcmp(optarg, "hip") == 0) c->project.translate.launch_syntax = C2H_LAUNCH_HIP;
        else return usage_error("--launch-syntax must be cuda or hip, not '%s'", optarg);
        break;
      case OPT_EXTRA: if (push(&c->clang_args, &c->n_clang_args, optarg)) return C2H_EXIT_INTERNAL; break;
      case OPT_CUDA: c->project.translate.cuda_path = optarg; break;
      case OPT_FAIL:
        if (strcmp(optarg, "error") == 0) c->fail_on = FAIL_ON_ERROR;
        else if (strcmp(optarg, "warning") == 0) c->fail_on = FAIL_ON_WARNING;
        else if (strcmp(optarg, "never") == 0) c->fail_on = FAIL_ON_NEVER;
        else return usage_error("--fail-on must be error, warning or never, not '%s'", optarg);
        break;
      case 'I': flag = joined("-I", optarg); break;
      case 'D': flag = joined("-D", optarg); break;
      case 'U': flag = joined("-U", optarg); break;
      case OPT_STD: flag = joined("-std=", optarg); break;
      case 'q': c->quiet = 1; break;
      case 'h': fputs(usage_text, stdout); return C2H_EXIT_OK;
      case 'V': printf("cu2hip %s\n", c2h_version_string()); return C2H_EXIT_OK;
      case ':': return usage_error("option '%s' needs a value", argv[optind - 1]);
      default: return usage_error("unknown option '%s'", argv[optind - 1]);
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
  if (optind >= argc) return usage_error("%s", "no input given");
  return -1;
}

static int load_rules(cli *c, c2h_rules **rules) {
  c2h_error err;
  c2h_error_clear(&err);
  char msg[2048];
  int rc = c2h_rules_new_default(rules, &err);
  for (size_t i = 0; rc == 0 && i < c->n_rule_files; i++) rc = c2h_rules_load_file(*rules, c->rule_files[i], &err);
  if (rc) {
    c2h_error_format(&err, msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
    return rc == C2H_ERR_NOMEM ? C2H_EXIT_INTERNAL : C2H_EXIT_USAGE;
  }
  const char *v = c->rocm_version ? c->rocm_version : "auto";
  c2h_version target = 0;
  if (strcmp(v, "latest") == 0 || (strcmp(v, "auto") == 0 && !(target = c2h_installed_hip_version())))
    target = c2h_rules_newest_version(*rules);
  else if (strcmp(v, "auto") != 0 && c2h_version_parse(v, &target))
    return usage_error("--rocm-version must be X.Y, auto or latest, not '%s'", v);
  c->project.translate.rocm_version = target;
  c->project.translate.rules = *rules;
  return -1;
}

int main(int argc, char **argv) {
  cli c;
  memset(&c, 0, sizeof c);
  c.project.mode = C2H_OUTPUT_STDOUT;
  char **owned = NULL;
  size_t n_owned = 0;
  c2h_rules *rules = NULL;
  c2h_diag_list diags;
  c2h_diag_list_init(&diags);
  int code;
  if (argc > 1 && strcmp(argv[1], "check") == 0) {
    c.check_only = 1;
    argv++;
    argc--;
  }
  if ((code = parse_args(&c, argc, argv, &owned, &n_owned)) >= 0) goto done;
  if ((code = load_rules(&c, &rules)) >= 0) goto done;
  c.project.translate.clang_args = c.clang_args;
  c.project.translate.n_clang_args = c.n_clang_args;

  c2h_project_summary sum;
  c2h_error err;
  c2h_error_clear(&err);
  int rc = c2h_project_run(&c.project, (const char *const *)argv + optind, (size_t)(argc - optind), &sum,
                           &diags, &err);
  c2h_report_text(stderr, &diags);
  if (rc) {
    char msg[2048];
    c2h_error_format(&err, msg, sizeof msg);
    fprintf(stderr, "cu2hip: %s\n", msg);
    code = rc == C2H_ERR_USAGE || rc == C2H_ERR_IO ? C2H_EXIT_USAGE : C2H_EXIT_INTERNAL;
    goto done;
  }
  if (!c.quiet) c2h_report_summary(stderr, &sum);
  if (sum.input_errors)
    code = C2H_EXIT_USAGE;
  else if ((c.fail_on == FAIL_ON_ERROR && sum.by_severity[C2H_SEV_ERROR]) ||
           (c.fail_on == FAIL_ON_WARNING && (sum.by_severity[C2H_SEV_ERROR] || sum.by_severity[C2H_SEV_WARNING])))
    code = C2H_EXIT_DIAGNOSTICS;
  else
    code = C2H_EXIT_OK;
done:
  c2h_diag_list_dispose(&diags);
  c2h_rules_free(rules);
  for (size_t i = 0; i < n_owned; i++) free(owned[i]);
  free(owned);
  free(c.rule_files);
  free(c.clang_args);
  return code;
}
