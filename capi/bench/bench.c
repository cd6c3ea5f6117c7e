/*
 * Validation and parsing per call, librfc3987 against uriparser (the nearest C peer: RFC 3986,
 * Debian's liburiparser-dev), on a list of references, one a line (capi/bench/run.sh).
 *
 *   bench MODE FILE [ROUNDS]
 *
 * MODE is one of:
 *   read                 the loop alone (what callgrind subtracts)
 *   validate-iri         rfc3987_validate as IRI-reference (RFC 3987 §2.2)
 *   validate-uri         rfc3987_validate as URI-reference (RFC 3986 §4.1)
 *   parse-iri            rfc3987_parse as IRI-reference, rfc3987_iri_components, rfc3987_iri_free
 *   uriparser            uriParseSingleUriExA and uriFreeUriMembersA: uriparser's parse, which
 *                        is also its only way to validate
 * It prints the number of lines, how many each function accepted, and nanoseconds per call
 * (the best of ROUNDS passes over the list, 5 by default).
 */
#define _POSIX_C_SOURCE 199309L
#include <rfc3987.h>
#include <uriparser/Uri.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const char *start;
    size_t length;
} line;

/* Every line of `path`, read into one buffer that the lines point into. */
static line *read_lines(const char *path, size_t *count) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (text == NULL || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "%s: cannot read\n", path);
        exit(2);
    }
    fclose(f);
    size_t n = 0;
    for (long i = 0; i < size; i++) n += text[i] == '\n';
    line *lines = malloc((n + 1) * sizeof *lines);
    *count = 0;
    for (char *at = text, *end = text + size; at < end;) {
        char *newline = memchr(at, '\n', (size_t)(end - at));
        size_t length = (size_t)((newline ? newline : end) - at);
        lines[(*count)++] = (line){at, length};
        at += length + 1;
    }
    return lines;
}

/* Whether `l` passes the function of `mode`. */
static int call(const char *mode, line l) {
    switch (mode[0]) {
    case 'r': return 1;
    case 'v': {
        rfc3987_symbol symbol = mode[9] == 'i' ? RFC3987_SYMBOL_IRI_REFERENCE : RFC3987_SYMBOL_URI_REFERENCE;
        return rfc3987_validate(l.start, l.length, symbol, NULL);
    }
    case 'p': {
        rfc3987_iri *iri = rfc3987_parse(l.start, l.length, RFC3987_SYMBOL_IRI_REFERENCE, NULL);
        if (iri == NULL) return 0;
        rfc3987_components c = rfc3987_iri_components(iri);
        rfc3987_iri_free(iri);
        return c.path.offset != RFC3987_ABSENT;
    }
    default: {
        UriUriA uri;
        const char *error_at;
        if (uriParseSingleUriExA(&uri, l.start, l.start + l.length, &error_at) != URI_SUCCESS) return 0;
        uriFreeUriMembersA(&uri);
        return 1;
    }
    }
}

int main(int argc, char **argv) {
    static const char *modes[] = {"read", "validate-iri", "validate-uri", "parse-iri", "uriparser"};
    int known = 0;
    for (size_t i = 0; argc >= 3 && i < sizeof modes / sizeof modes[0]; i++) known |= strcmp(argv[1], modes[i]) == 0;
    if (!known) {
        fprintf(stderr, "usage: %s read|validate-iri|validate-uri|parse-iri|uriparser FILE [ROUNDS]\n", argv[0]);
        return 2;
    }
    size_t count;
    line *lines = read_lines(argv[2], &count);
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    double best = 1e300;
    size_t accepted = 0;
    for (int round = 0; round < rounds; round++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        accepted = 0;
        for (size_t i = 0; i < count; i++) accepted += (size_t)call(argv[1], lines[i]);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
        if (ns < best) best = ns;
    }
    printf("%s\t%zu lines\t%zu accepted\t%.1f ns/call\n", argv[1], count, accepted, best / (double)count);
    return 0;
}
