#ifndef C2H_CLI_RULES_CMD_H
#define C2H_CLI_RULES_CMD_H
#include <stddef.h>

/* Runs `cu2hip rules VERB ARGS...` (argv[0] is VERB) over the default table
 * plus rule_files (--rules). Returns an exit code. */
int c2h_cli_rules(int argc, char **argv, const char *const *rule_files, size_t n_rule_files);

#endif
