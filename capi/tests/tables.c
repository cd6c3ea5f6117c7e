/*
 * The C library's tests: the repository's tables (tests/data/), read by a C program that
 * includes the installed header and links the installed library, shared or static.
 *
 *   tables DATA_DIR     DATA_DIR is the repository's tests/data
 *
 * Each expectation comes from the RFCs: the tables' verdicts and offsets were reasoned from the
 * ABNF (their headers say how), the components of a valid reference are checked against the
 * split of RFC 3986 Appendix B (written here, independently of the library), and the cases of
 * api.c cite the section they come from. Exit status 0 when every check passes.
 */
#include "check.h"

#include <stdlib.h>
#include <string.h>

/* The start symbols by their ABNF names (the first column of mistakes.tsv). */
static const struct {
    const char *name;
    rfc3987_symbol symbol;
} SYMBOLS[] = {
    {"IRI-reference", RFC3987_SYMBOL_IRI_REFERENCE}, {"IRI", RFC3987_SYMBOL_IRI},
    {"absolute-IRI", RFC3987_SYMBOL_ABSOLUTE_IRI},   {"irelative-ref", RFC3987_SYMBOL_IRELATIVE_REF},
    {"URI-reference", RFC3987_SYMBOL_URI_REFERENCE}, {"URI", RFC3987_SYMBOL_URI},
    {"absolute-URI", RFC3987_SYMBOL_ABSOLUTE_URI},   {"relative-ref", RFC3987_SYMBOL_RELATIVE_REF},
};

static int symbol_named(const char *name, rfc3987_symbol *symbol) {
    for (size_t i = 0; i < sizeof SYMBOLS / sizeof SYMBOLS[0]; i++) {
        if (strcmp(SYMBOLS[i].name, name) == 0) {
            *symbol = SYMBOLS[i].symbol;
            return 1;
        }
    }
    return 0;
}

static const char *host_kind_name(rfc3987_host_kind kind) {
    switch (kind) {
    case RFC3987_HOST_NONE: return "-";
    case RFC3987_HOST_REG_NAME: return "reg-name";
    case RFC3987_HOST_IPV4: return "ipv4";
    case RFC3987_HOST_IPV6: return "ipv6";
    case RFC3987_HOST_IPVFUTURE: return "ipvfuture";
    default: return "?";
    }
}

/* A span as RFC 3986 Appendix B splits a reference:
 *   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
 * and, in the authority, userinfo before an "@", the host (an IP-literal up to its "]"), and
 * the port after the host's ":". */
typedef struct {
    rfc3987_span scheme, authority, userinfo, host, port, path, query, fragment;
} split;

static rfc3987_span span_of(size_t start, size_t end) {
    rfc3987_span s = {(uint32_t)start, (uint32_t)(end - start)};
    return s;
}

static const rfc3987_span ABSENT = {RFC3987_ABSENT, 0};

static split appendix_b(const char *s, size_t n) {
    split out = {ABSENT, ABSENT, ABSENT, ABSENT, ABSENT, ABSENT, ABSENT, ABSENT};
    size_t i = 0;
    while (i < n && !strchr(":/?#", s[i])) i++;
    size_t at = 0;
    if (i > 0 && i < n && s[i] == ':') {
        out.scheme = span_of(0, i);
        at = i + 1;
    }
    if (at + 1 < n && s[at] == '/' && s[at + 1] == '/') {
        size_t start = at + 2, end = start;
        while (end < n && !strchr("/?#", s[end])) end++;
        out.authority = span_of(start, end);
        size_t host = start;
        for (size_t j = start; j < end; j++) {
            if (s[j] == '@') {
                out.userinfo = span_of(start, j);
                host = j + 1;
                break;
            }
        }
        size_t host_end = host;
        if (host < end && s[host] == '[') {
            while (host_end < end && s[host_end] != ']') host_end++;
            host_end++;
        } else {
            while (host_end < end && s[host_end] != ':') host_end++;
        }
        out.host = span_of(host, host_end);
        if (host_end < end && s[host_end] == ':') out.port = span_of(host_end + 1, end);
        at = end;
    }
    size_t path_end = at;
    while (path_end < n && s[path_end] != '?' && s[path_end] != '#') path_end++;
    out.path = span_of(at, path_end);
    at = path_end;
    if (at < n && s[at] == '?') {
        size_t end = at + 1;
        while (end < n && s[end] != '#') end++;
        out.query = span_of(at + 1, end);
        at = end;
    }
    if (at < n && s[at] == '#') out.fragment = span_of(at + 1, n);
    return out;
}

static int same_span(rfc3987_span a, rfc3987_span b) {
    return a.offset == b.offset && a.length == b.length;
}

#define CHECK_SPAN(context, got, want, name)                                                     \
    CHECK(same_span(got.name, want.name), "%s: %s at %u+%u, Appendix B says %u+%u", context, #name, \
          got.name.offset, got.name.length, want.name.offset, want.name.length)

/* tests/data/rfc-syntax-examples.tsv: the syntax examples of RFC 3986 and RFC 3987 with their
 * verdicts (IRI, irelative-ref or invalid) and host kinds. */
static void syntax_examples(const char *dir) {
    table t = table_open(dir, "rfc-syntax-examples.tsv");
    size_t rows = 0;
    while (table_next(&t, 3)) {
        rows++;
        text input = unescape(t.field[0]);
        const char *expected = t.field[1], *host = t.field[2];
        rfc3987_error err = {0};
        bool iri = rfc3987_validate(input.bytes, input.length, RFC3987_SYMBOL_IRI, &err);
        bool relative = rfc3987_validate(input.bytes, input.length, RFC3987_SYMBOL_IRELATIVE_REF, &err);
        /* Without an error to fill, the same verdicts (the scanner alone, nothing explained). */
        CHECK(rfc3987_validate(input.bytes, input.length, RFC3987_SYMBOL_IRI, NULL) == iri &&
                  rfc3987_validate(input.bytes, input.length, RFC3987_SYMBOL_IRELATIVE_REF, NULL) == relative,
              "line %zu: the same verdicts without an error", t.line);
        if (strcmp(expected, "IRI") == 0) {
            CHECK(iri && !relative, "line %zu: %s is an IRI", t.line, t.field[0]);
        } else if (strcmp(expected, "irelative-ref") == 0) {
            CHECK(!iri && relative, "line %zu: %s is an irelative-ref", t.line, t.field[0]);
        } else {
            CHECK(!iri && !relative, "line %zu: %s is invalid", t.line, t.field[0]);
            CHECK(err.kind != RFC3987_OK && err.message != NULL, "line %zu: an error is filled", t.line);
            rfc3987_error_clear(&err);
            free(input.bytes);
            continue;
        }
        rfc3987_iri *parsed = rfc3987_parse(input.bytes, input.length, RFC3987_SYMBOL_IRI_REFERENCE, &err);
        CHECK(parsed != NULL && err.kind == RFC3987_OK, "line %zu: %s parses", t.line, t.field[0]);
        if (parsed != NULL) {
            rfc3987_components got = rfc3987_iri_components(parsed);
            CHECK(strcmp(host_kind_name(got.host_kind), host) == 0, "line %zu: host kind %s, expected %s",
                  t.line, host_kind_name(got.host_kind), host);
            split want = appendix_b(input.bytes, input.length);
            char context[64];
            snprintf(context, sizeof context, "line %zu", t.line);
            CHECK_SPAN(context, got, want, scheme);
            CHECK_SPAN(context, got, want, authority);
            CHECK_SPAN(context, got, want, userinfo);
            CHECK_SPAN(context, got, want, host);
            CHECK_SPAN(context, got, want, port);
            CHECK_SPAN(context, got, want, path);
            CHECK_SPAN(context, got, want, query);
            CHECK_SPAN(context, got, want, fragment);
            size_t length = 0;
            const char *copy = rfc3987_iri_text(parsed, &length);
            CHECK(length == input.length && memcmp(copy, input.bytes, length) == 0,
                  "line %zu: the handle's text is the input", t.line);
            rfc3987_iri_free(parsed);
        }
        rfc3987_error_clear(&err);
        free(input.bytes);
    }
    CHECK(rows > 100, "rfc-syntax-examples.tsv: only %zu rows", rows);
    table_close(&t);
}

/* tests/data/mistakes.tsv: invalid inputs with the byte offset and component of the error,
 * reasoned from the ABNF. */
static void mistakes(const char *dir) {
    table t = table_open(dir, "mistakes.tsv");
    size_t rows = 0;
    rfc3987_error err = {0}; /* one error for every call: each call clears it first */
    while (table_next(&t, 4)) {
        rows++;
        rfc3987_symbol symbol;
        if (!symbol_named(t.field[0], &symbol)) {
            CHECK(0, "line %zu: unknown symbol %s", t.line, t.field[0]);
            continue;
        }
        text input = unescape(t.field[1]);
        size_t offset = strtoul(t.field[2], NULL, 10);
        bool valid = rfc3987_validate(input.bytes, input.length, symbol, &err);
        CHECK(!valid && !rfc3987_validate(input.bytes, input.length, symbol, NULL), "line %zu: %s is not a %s",
              t.line, t.field[1], t.field[0]);
        CHECK(err.kind == RFC3987_ERROR_SYNTAX || err.kind == RFC3987_ERROR_BIDI_FORMATTING_CHARACTER ||
                  err.kind == RFC3987_ERROR_NOT_ASCII,
              "line %zu: kind %s", t.line, rfc3987_error_kind_name(err.kind));
        CHECK(err.position == offset, "line %zu: %s: position %zu, expected %zu", t.line, t.field[1],
              err.position, offset);
        CHECK(err.component != NULL && strcmp(err.component, t.field[3]) == 0,
              "line %zu: %s: component %s, expected %s", t.line, t.field[1],
              err.component ? err.component : "NULL", t.field[3]);
        /* A syntax error names its rule (a bidi formatting character breaks §4.1, maybe where no
         * rule is left, after the grammar has failed). */
        CHECK(err.input == 0 && err.message != NULL && (err.rule != NULL || err.kind != RFC3987_ERROR_SYNTAX),
              "line %zu: the fields are filled", t.line);
        CHECK(printable(err.message), "line %zu: the message is printable", t.line);
        for (size_t i = 0; i < err.expected_count; i++) {
            CHECK(err.expected[i] != NULL && printable(err.expected[i]), "line %zu: expected[%zu]", t.line, i);
        }
        /* rfc3987_parse fails the same way */
        rfc3987_iri *parsed = rfc3987_parse(input.bytes, input.length, symbol, &err);
        CHECK(parsed == NULL && err.position == offset, "line %zu: rfc3987_parse fails at %zu", t.line, offset);
        free(input.bytes);
    }
    rfc3987_error_clear(&err);
    CHECK(rows > 100, "mistakes.tsv: only %zu rows", rows);
    table_close(&t);
}

/* tests/data/ipv6.tsv: IPv6 literals with verdicts reasoned from RFC 3986 §3.2.2, checked
 * against the rule IPv6address by name. */
static void ipv6(const char *dir) {
    table t = table_open(dir, "ipv6.tsv");
    size_t rows = 0;
    while (table_next(&t, 2)) {
        rows++;
        text input = unescape(t.field[0]);
        rfc3987_error err = {0};
        bool matches = rfc3987_matches("IPv6address", 11, input.bytes, input.length, &err);
        bool expected = strcmp(t.field[1], "true") == 0;
        CHECK(matches == expected, "line %zu: %s matches IPv6address: %d", t.line, t.field[0], matches);
        CHECK(matches ? err.kind == RFC3987_OK : err.kind == RFC3987_ERROR_SYNTAX && err.input == 1,
              "line %zu: error kind %s", t.line, rfc3987_error_kind_name(err.kind));
        rfc3987_error_clear(&err);
        free(input.bytes);
    }
    CHECK(rows > 90, "ipv6.tsv: only %zu rows", rows);
    table_close(&t);
}

/* tests/data/corpus/rfc-examples/rfc3986-5.4-resolution.tsv: RFC 3986 §5.4.1 and §5.4.2,
 * resolved strictly; where the note gives what the non-strict resolver of §5.2.2 yields, that
 * too. Each target relativized against the base resolves back to it. */
static void resolution(const char *dir) {
    table t = table_open(dir, "corpus/rfc-examples/rfc3986-5.4-resolution.tsv");
    size_t rows = 0;
    table_next(&t, 3); /* the header row */
    while (table_next(&t, 3)) {
        rows++;
        const char *base = t.field[0], *reference = t.field[1], *expected = t.field[2];
        rfc3987_error err = {0};
        char *target = rfc3987_resolve(base, strlen(base), reference, strlen(reference), 0, &err);
        CHECK(target != NULL && strcmp(target, expected) == 0, "line %zu: %s resolves to %s, not %s", t.line,
              reference, target ? target : "NULL", expected);
        const char *note = t.fields > 4 ? t.field[4] : "";
        const char *yields = strstr(note, "non-strict) resolver yields ");
        const char *non_strict = yields ? yields + strlen("non-strict) resolver yields ") : expected;
        char *lenient = rfc3987_resolve(base, strlen(base), reference, strlen(reference),
                                        RFC3987_RESOLVE_NON_STRICT, &err);
        CHECK(lenient != NULL && strcmp(lenient, non_strict) == 0, "line %zu: non-strict %s gives %s", t.line,
              reference, lenient ? lenient : "NULL");
        rfc3987_string_free(lenient);
        char *relative = rfc3987_relativize(base, strlen(base), expected, strlen(expected), &err);
        CHECK(relative != NULL, "line %zu: %s relativizes", t.line, expected);
        if (relative != NULL) {
            char *back = rfc3987_resolve(base, strlen(base), relative, strlen(relative), 0, &err);
            CHECK(back != NULL && strcmp(back, expected) == 0, "line %zu: %s resolves back to %s", t.line,
                  relative, back ? back : "NULL");
            rfc3987_string_free(back);
        }
        rfc3987_string_free(relative);
        rfc3987_string_free(target);
        rfc3987_error_clear(&err);
    }
    CHECK(rows > 40, "rfc3986-5.4-resolution.tsv: only %zu rows", rows);
    table_close(&t);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s DATA_DIR (the repository's tests/data)\n", argv[0]);
        return 2;
    }
    syntax_examples(argv[1]);
    mistakes(argv[1]);
    ipv6(argv[1]);
    resolution(argv[1]);
    api_cases();
    return report("tables");
}
