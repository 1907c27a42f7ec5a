/* `cu2hip rules ...`: look into the rule table.
 *   rules lookup NAME...       what a CUDA name becomes, since which ROCm, or why not
 *   rules list [--library L]   every entry, one per line
 *   rules stats                per library: mapped, unsupported, total
 *   rules validate [FILE...]   load the default table plus FILEs; report the first error */
#include "cli/rules_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2hip/exit_codes.h"
#include "cli/library_target.h"
#include "cu2hip/rules.h"
#include "util/suggest.h"

static const char usage_text[] =
    "usage: cu2hip rules lookup NAME...\n"
    "       cu2hip rules list [--library LIBRARY]\n"
    "       cu2hip rules stats\n"
    "       cu2hip rules validate [FILE...]\n"
    "  each takes --library-target hip|roc|LIB=hip|roc (may repeat): look into\n"
    "  the table a translation with that option uses\n";

static void print_form(FILE *out, const c2h_rule_form *f) {
  if (f->hip) fprintf(out, "%s", f->hip);
  if (f->call) fprintf(out, "%s'%s'", f->hip ? " via " : "", f->call);
  for (size_t i = 0; i < f->n_args; i++) fprintf(out, ", argument %d -> %s", f->args[i].index, f->args[i].tmpl);
  for (int i = 0; i < 32; i++)
    if ((f->drop_args >> i) & 1) fprintf(out, ", argument %d dropped", i + 1);
}

/* One entry, human-readable. */
static void describe(FILE *out, const c2h_rule *r) {
  char v[16];
  fprintf(out, "%s (%s, %s)\n", r->cuda, r->library, c2h_rule_kind_section(r->kind));
  if (r->unsupported) {
    fprintf(out, "  unsupported: %s\n", r->unsupported);
  } else {
    fprintf(out, "  becomes: ");
    print_form(out, &r->form);
    if (r->rocm) {
      c2h_version_format(r->rocm, v, sizeof v);
      fprintf(out, " (ROCm %s and newer)", v);
    }
    fputc('\n', out);
    if (r->has_fallback) {
      fprintf(out, "  before ROCm %s: ", v);
      print_form(out, &r->fallback);
      fputc('\n', out);
    }
    if (r->mask_arg) fprintf(out, "  lane mask: argument %d\n", r->mask_arg);
    for (size_t i = 0; i < r->n_value_args; i++) {
      fprintf(out, "  argument %d by value:", r->value_args[i].index);
      for (size_t j = 0; j < r->value_args[i].n; j++)
        fprintf(out, "%s %s -> %s", j ? "," : "", r->value_args[i].from[j], r->value_args[i].to[j]);
      fputc('\n', out);
    }
  }
  if (r->deprecated) {
    c2h_version_format(r->deprecated, v, sizeof v);
    fprintf(out, "  deprecated in ROCm %s\n", v);
  }
  if (r->pytorch_hip) {
    c2h_version_format(r->pytorch_removed, v, sizeof v);
    fprintf(out, "  for PyTorch %s and later (--pytorch-version): becomes %s\n", v, r->pytorch_hip);
  }
  if (r->removed) {
    c2h_version_format(r->removed, v, sizeof v);
    fprintf(out, "  removed in ROCm %s\n", v);
  }
  if (r->note) fprintf(out, "  note: %s\n", r->note);
  if (r->ns) fprintf(out, "  only where the name resolves to namespace %s\n", r->ns);
  if (r->unsupported_in)
    fprintf(out, "  unsupported in a file that includes <%s>, which declares it otherwise\n", r->unsupported_in);
  if (r->compat && r->kind == C2H_RULE_HEADER)
    fprintf(out, "  with the compatibility header: becomes #include \"%s\"\n", r->compat);
  else if (r->compat)
    fprintf(out, "  with the compatibility header%s: becomes %s of cu2hip_compat.h\n",
            r->unsupported ? "" : ", for older targets", r->compat);
  fprintf(out, "  defined at %s:%u:%u\n", r->file, r->line, r->col);
}

static int lookup(const c2h_rules *rules, int argc, char **argv) {
  if (argc < 1) {
    fputs(usage_text, stderr);
    return C2H_EXIT_USAGE;
  }
  int missing = 0;
  for (int i = 0; i < argc; i++) {
    const char *name = argv[i];
    const c2h_rule *r = c2h_rules_lookup(rules, name, strlen(name));
    if (!r) r = c2h_rules_lookup_header(rules, name, strlen(name));
    if (r) {
      describe(stdout, r);
    } else {
      /* The closest names of the table: a typo or a case slip
       * (cudamalloc) finds its entry. */
      c2h_suggest sug;
      c2h_suggest_init(&sug, name);
      for (size_t k = 0; k < c2h_rules_count(rules); k++) c2h_suggest_add(&sug, c2h_rules_at(rules, k)->cuda);
      fprintf(stderr, "cu2hip: '%s' is not in the rule table", name);
      c2h_suggest_print(stderr, &sug, "");
      fputc('\n', stderr);
      missing = 1;
    }
  }
  return missing ? C2H_EXIT_DIAGNOSTICS : C2H_EXIT_OK;
}

static int list(const c2h_rules *rules, int argc, char **argv) {
  const char *library = NULL;
  if (argc == 2 && strcmp(argv[0], "--library") == 0) library = argv[1];
  else if (argc == 1 && strncmp(argv[0], "--library=", 10) == 0) library = argv[0] + 10;
  else if (argc != 0) {
    fputs(usage_text, stderr);
    return C2H_EXIT_USAGE;
  }
  size_t shown = 0;
  for (size_t i = 0; i < c2h_rules_count(rules); i++) {
    const c2h_rule *r = c2h_rules_at(rules, i);
    if (library && strcmp(r->library, library) != 0) continue;
    shown++;
    if (r->unsupported) {
      printf("%s\t-\tunsupported: %s\n", r->cuda, r->unsupported);
      continue;
    }
    printf("%s\t", r->cuda);
    print_form(stdout, &r->form);
    if (r->rocm) {
      char v[16];
      c2h_version_format(r->rocm, v, sizeof v);
      printf("\tROCm %s", v);
    }
    putchar('\n');
  }
  if (library && !shown) {
    fprintf(stderr, "cu2hip: no library named '%s' in the rule table\n", library);
    return C2H_EXIT_USAGE;
  }
  return C2H_EXIT_OK;
}

typedef struct library_stats {
  const char *name;
  size_t mapped, unsupported;
} library_stats;

static int stats(const c2h_rules *rules) {
  library_stats libs[128];
  size_t n = 0, mapped = 0, unsupported = 0;
  for (size_t i = 0; i < c2h_rules_count(rules); i++) {
    const c2h_rule *r = c2h_rules_at(rules, i);
    size_t k = 0;
    while (k < n && strcmp(libs[k].name, r->library) != 0) k++;
    if (k == n) {
      if (n == sizeof libs / sizeof *libs) continue;
      libs[n++] = (library_stats){r->library, 0, 0};
    }
    if (r->unsupported) libs[k].unsupported++, unsupported++;
    else libs[k].mapped++, mapped++;
  }
  printf("%-24s %8s %12s %8s\n", "library", "mapped", "unsupported", "total");
  for (size_t k = 0; k < n; k++)
    printf("%-24s %8zu %12zu %8zu\n", libs[k].name, libs[k].mapped, libs[k].unsupported,
           libs[k].mapped + libs[k].unsupported);
  printf("%-24s %8zu %12zu %8zu\n", "total", mapped, unsupported, mapped + unsupported);
  return C2H_EXIT_OK;
}

int c2h_cli_rules(int argc, char **argv, const char *const *rule_files, size_t n_rule_files) {
  if (argc < 1 || strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
    fputs(usage_text, argc < 1 ? stderr : stdout);
    return argc < 1 ? C2H_EXIT_USAGE : C2H_EXIT_OK;
  }
  const char *verb = argv[0];
  int validate = strcmp(verb, "validate") == 0;
  c2h_rules *rules = NULL;
  c2h_error err;
  c2h_error_clear(&err);
  /* --library-target values come out of argv; the rest stay in order. */
  c2h_lib_targets targets = {{0}};
  char why[512], **roc = NULL;
  size_t n_roc = 0;
  int kept = 1;
  for (int i = 1; i < argc; i++) {
    const char *v = NULL;
    if (strncmp(argv[i], "--library-target=", 17) == 0) v = argv[i] + 17;
    else if (strcmp(argv[i], "--library-target") == 0 && i + 1 < argc) v = argv[++i];
    else {
      argv[kept++] = argv[i];
      continue;
    }
    if (c2h_lib_targets_apply(&targets, v, why, sizeof why)) {
      fprintf(stderr, "cu2hip: %s\n", why);
      return C2H_EXIT_USAGE;
    }
  }
  argc = kept;
  if (c2h_lib_targets_roc(&targets, &roc, &n_roc)) return C2H_EXIT_INTERNAL;
  int rc = c2h_rules_new_default_targets(&rules, (const char *const *)roc, n_roc, &err);
  for (size_t i = 0; i < n_roc; i++) free(roc[i]);
  free(roc);
  for (size_t i = 0; rc == 0 && i < n_rule_files; i++) rc = c2h_rules_load_file(rules, rule_files[i], &err);
  for (int i = 1; validate && rc == 0 && i < argc; i++) rc = c2h_rules_load_file(rules, argv[i], &err);
  int code;
  if (rc) {
    char msg[2048];
    c2h_error_format(&err, msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
    code = rc == C2H_ERR_NOMEM ? C2H_EXIT_INTERNAL : C2H_EXIT_USAGE;
  } else if (validate) {
    printf("rule table valid: %zu entries\n", c2h_rules_count(rules));
    code = C2H_EXIT_OK;
  } else if (strcmp(verb, "lookup") == 0) {
    code = lookup(rules, argc - 1, argv + 1);
  } else if (strcmp(verb, "list") == 0) {
    code = list(rules, argc - 1, argv + 1);
  } else if (strcmp(verb, "stats") == 0 && argc == 1) {
    code = stats(rules);
  } else {
    static const char *const verbs[] = {"lookup", "list", "stats", "validate"};
    c2h_suggest sug;
    c2h_suggest_init(&sug, verb);
    for (size_t k = 0; k < sizeof verbs / sizeof *verbs; k++) c2h_suggest_add(&sug, verbs[k]);
    fprintf(stderr, "cu2hip: unknown rules command '%s'", verb);
    c2h_suggest_print(stderr, &sug, "");
    fprintf(stderr, "\n%s", usage_text);
    code = C2H_EXIT_USAGE;
  }
  c2h_rules_free(rules);
  return code;
}
