/* What the C tests share: counting checks, reading the repository's tables, unescaping. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

size_t checks = 0, failures = 0;

int report(const char *name) {
    if (failures > 0) {
        fprintf(stderr, "%s: %zu of %zu checks FAILED\n", name, failures, checks);
        return 1;
    }
    printf("%s: %zu checks passed\n", name, checks);
    return 0;
}

table table_open(const char *dir, const char *name) {
    table t = {0};
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(2);
    }
    size_t size = 0, cap = 1 << 16;
    t.contents = malloc(cap + 1);
    size_t n;
    while (t.contents != NULL && (n = fread(t.contents + size, 1, cap - size, f)) > 0) {
        size += n;
        if (size == cap) {
            cap *= 2;
            char *bigger = realloc(t.contents, cap + 1);
            if (bigger == NULL) free(t.contents);
            t.contents = bigger;
        }
    }
    fclose(f);
    if (t.contents == NULL) {
        fprintf(stderr, "%s: out of memory\n", path);
        exit(2);
    }
    t.contents[size] = '\0';
    t.next = t.contents;
    return t;
}

int table_next(table *t, size_t min_fields) {
    while (*t->next != '\0') {
        char *line = t->next;
        char *end = strchr(line, '\n');
        if (end != NULL) {
            *end = '\0';
            t->next = end + 1;
        } else {
            t->next = line + strlen(line);
        }
        t->line++;
        if (line[0] == '#' || line[strspn(line, " \t\r")] == '\0') continue;
        t->fields = 0;
        for (char *field = line;;) {
            char *tab = strchr(field, '\t');
            if (t->fields < sizeof t->field / sizeof t->field[0]) t->field[t->fields++] = field;
            if (tab == NULL) break;
            *tab = '\0';
            field = tab + 1;
        }
        if (t->fields < min_fields) {
            fprintf(stderr, "line %zu: %zu fields, expected at least %zu\n", t->line, t->fields, min_fields);
            exit(2);
        }
        return 1;
    }
    return 0;
}

void table_close(table *t) {
    free(t->contents);
    t->contents = t->next = NULL;
}

/* Appends the UTF-8 form of the scalar value `c` (RFC 3629). */
static size_t utf8(unsigned long c, char *out) {
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

text unescape(const char *field) {
    size_t n = strlen(field);
    text out = {malloc(n + 1), 0};
    if (out.bytes == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (size_t i = 0; i < n; i++) {
        if (field[i] != '\\' || i + 1 == n) {
            out.bytes[out.length++] = field[i];
            continue;
        }
        char c = field[++i];
        if (c == 't') out.bytes[out.length++] = '\t';
        else if (c == 'n') out.bytes[out.length++] = '\n';
        else if (c == 'r') out.bytes[out.length++] = '\r';
        else if (c == '\\') out.bytes[out.length++] = '\\';
        else if (c == 'u' && field[i + 1] == '{') {
            char *end;
            unsigned long code = strtoul(field + i + 2, &end, 16);
            if (end != field + i + 2) out.length += utf8(code, out.bytes + out.length);
            i = (size_t)(strchr(field + i, '}') - field);
        } else {
            fprintf(stderr, "unknown escape \\%c in %s\n", c, field);
            exit(2);
        }
    }
    out.bytes[out.length] = '\0';
    return out;
}

bool printable(const char *message) {
    const unsigned char *s = (const unsigned char *)message;
    for (size_t i = 0; s[i] != '\0'; i++) {
        if ((s[i] < 0x20 && s[i] != '\n') || s[i] == 0x7F) return false;
        /* U+200E, U+200F: E2 80 8E/8F; U+202A-U+202E: E2 80 AA-AE; U+2066-U+2069: E2 81 A6-A9 */
        if (s[i] == 0xE2 && s[i + 1] == 0x80 && (s[i + 2] == 0x8E || s[i + 2] == 0x8F)) return false;
        if (s[i] == 0xE2 && s[i + 1] == 0x80 && s[i + 2] >= 0xAA && s[i + 2] <= 0xAE) return false;
        if (s[i] == 0xE2 && s[i + 1] == 0x81 && s[i + 2] >= 0xA6 && s[i + 2] <= 0xA9) return false;
    }
    return true;
}
