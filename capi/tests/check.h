/* What the C tests share: counting checks, reading the repository's tables, unescaping. */
#ifndef RFC3987_TESTS_CHECK_H
#define RFC3987_TESTS_CHECK_H

#include <rfc3987.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

extern size_t checks, failures;

/* Counts a check; prints the message when it fails. */
#define CHECK(condition, ...)                                                                    \
    do {                                                                                         \
        checks++;                                                                                \
        if (!(condition)) {                                                                      \
            failures++;                                                                          \
            fprintf(stderr, "%s:%d: FAILED: ", __FILE__, __LINE__);                              \
            fprintf(stderr, __VA_ARGS__);                                                        \
            fputc('\n', stderr);                                                                 \
        }                                                                                        \
    } while (0)

/* Prints the count and returns the exit status: 0 when every check passed. */
int report(const char *name);

/* A tab-separated table of tests/data: blank lines and lines starting with "#" are skipped. */
typedef struct {
    char *contents;   /* the whole file, cut into fields in place */
    char *next;       /* where the next line starts */
    size_t line;      /* the 1-based line number of the current row */
    char *field[16];  /* the current row's fields */
    size_t fields;    /* how many */
} table;

table table_open(const char *dir, const char *name);
/* Reads the next row, which must have at least `min_fields` fields; 0 at the end. */
int table_next(table *t, size_t min_fields);
void table_close(table *t);

/* Bytes and their length: an unescaped field, which may hold a NUL. Free `bytes`. */
typedef struct {
    char *bytes;
    size_t length;
} text;

/* The tables' escapes: \t, \n, \r, \\ and \u{XXXX} (UTF-8 of U+XXXX; \u{} is nothing). */
text unescape(const char *field);

/* Whether a message holds no control character but LF, no DEL, and none of the bidi
 * formatting characters of RFC 3987 §4.1 or the isolates (U+200E, U+200F, U+202A-U+202E,
 * U+2066-U+2069), as every binding's messages must. */
bool printable(const char *message);

/* The cases of api.c. */
void api_cases(void);

#endif
