/*
 * The C API's own cases: each expectation is an example of the RFCs (the section is named) or
 * is reasoned beside it from the ABNF and the header's contract.
 */
#include "check.h"

#include <string.h>

#define S(literal) literal, sizeof literal - 1

/* Whether `got` is the string `want`; frees `got`. */
static bool is(char *got, const char *want) {
    bool same = got != NULL && strcmp(got, want) == 0;
    if (!same) fprintf(stderr, "  got \"%s\", expected \"%s\"\n", got ? got : "(NULL)", want);
    rfc3987_string_free(got);
    return same;
}

static void inputs(void) {
    rfc3987_error err = {0};
    /* The length bounds the input: "http://a/b c" cut before its space is an IRI; whole, the
     * space (not an ipchar, RFC 3987 §2.2) fails at byte 10, in the path. */
    const char buffer[] = "http://a/b c";
    CHECK(rfc3987_validate(buffer, 10, RFC3987_SYMBOL_IRI, &err) && err.kind == RFC3987_OK, "a prefix");
    CHECK(!rfc3987_validate(buffer, 12, RFC3987_SYMBOL_IRI, &err) && err.position == 10 &&
              strcmp(err.component, "path") == 0 && strcmp(err.rule, "isegment") == 0,
          "the space at 10");
    /* The message quotes the input and puts a caret under the space. */
    CHECK(err.message != NULL && strstr(err.message, "http://a/b c") != NULL && strchr(err.message, '^'),
          "the message shows the input and a caret");
    /* NULL with length 0 is the empty text: an irelative-ref (ipath-empty), not an IRI (no
     * scheme: the error is at 0). */
    CHECK(rfc3987_validate(NULL, 0, RFC3987_SYMBOL_IRI_REFERENCE, &err), "NULL, 0 is the empty reference");
    CHECK(!rfc3987_validate(NULL, 0, RFC3987_SYMBOL_IRI, &err) && err.kind == RFC3987_ERROR_SYNTAX &&
              err.position == 0,
          "the empty text is no IRI");
    CHECK(!rfc3987_validate(NULL, 5, RFC3987_SYMBOL_IRI, &err) && err.kind == RFC3987_ERROR_INVALID_ARGUMENT,
          "NULL with a length");
    /* RFC 3629: 0xE9 alone is no UTF-8 sequence (a lead byte without its continuation). */
    CHECK(!rfc3987_validate(S("http://a/\xE9t"), RFC3987_SYMBOL_IRI, &err) &&
              err.kind == RFC3987_ERROR_NOT_UTF8 && err.position == 9 && printable(err.message),
          "not UTF-8 at byte 9: %s", err.message);
    CHECK(strcmp(rfc3987_error_kind_name(err.kind), "not-utf8") == 0, "the kind's name");
    CHECK(!rfc3987_validate(S("http://a/"), 99, &err) && err.kind == RFC3987_ERROR_INVALID_ARGUMENT,
          "an unknown symbol");
    /* A URI symbol takes ASCII only (RFC 3986 §2): the "é" at byte 9 (RFC 3987 §3.1's example). */
    CHECK(!rfc3987_validate(S("http://r\xC3\xA9sum\xC3\xA9.example.org"), RFC3987_SYMBOL_URI, &err) &&
              err.kind == RFC3987_ERROR_NOT_ASCII && err.position == 8,
          "not ASCII at 8");
    /* RFC 3987 §4.1: no bidi formatting character; U+200F (RLM) at byte 9. */
    CHECK(!rfc3987_validate(S("http://a/\xE2\x80\x8F"), RFC3987_SYMBOL_IRI, &err) &&
              err.kind == RFC3987_ERROR_BIDI_FORMATTING_CHARACTER && err.position == 9 &&
              printable(err.message),
          "RLM at 9");
    /* A control character of the input is escaped in the message (ESC, 0x1B). */
    CHECK(!rfc3987_validate(S("http://a/\x1B[31m"), RFC3987_SYMBOL_IRI, &err) && err.position == 9 &&
              printable(err.message),
          "ESC escaped: %s", err.message);
    rfc3987_error_clear(&err);
    CHECK(err.kind == RFC3987_OK && err.message == NULL && err.expected == NULL, "cleared");
    rfc3987_error_clear(NULL);
}

static void rules(void) {
    rfc3987_error err = {0};
    /* RFC 3986 §3.2.2: dec-octet stops at 255. */
    CHECK(rfc3987_matches(S("dec-octet"), S("255"), &err), "255 is a dec-octet");
    CHECK(!rfc3987_matches(S("dec-octet"), S("256"), &err) && err.kind == RFC3987_ERROR_SYNTAX && err.input == 1,
          "256 is not");
    /* RFC 3987 §2.2: iprivate (U+E000) is not a ucschar. */
    CHECK(!rfc3987_matches(S("ucschar"), S("\xEE\x80\x80"), &err), "U+E000 is no ucschar");
    CHECK(rfc3987_matches(S("iprivate"), S("\xEE\x80\x80"), &err), "U+E000 is iprivate");
    /* A misspelt name is no rule; the message names the closest one. */
    CHECK(!rfc3987_matches(S("IPv6adress"), S("::1"), &err) && err.kind == RFC3987_ERROR_UNKNOWN_RULE &&
              strstr(err.message, "IPv6address") != NULL,
          "an unknown rule: %s", err.message);
    rfc3987_error_clear(&err);
}

static void components(void) {
    rfc3987_error err = {0};
    /* RFC 3986 §3's example, "foo://example.com:8042/over/there?name=ferret#nose". */
    const char input[] = "foo://example.com:8042/over/there?name=ferret#nose";
    rfc3987_iri *iri = rfc3987_parse(S(input), RFC3987_SYMBOL_IRI, &err);
    CHECK(iri != NULL, "parsed");
    rfc3987_components c = rfc3987_iri_components(iri);
    CHECK(c.scheme.offset == 0 && c.scheme.length == 3, "scheme foo");
    CHECK(c.authority.offset == 6 && c.authority.length == 16, "authority example.com:8042");
    CHECK(c.userinfo.offset == RFC3987_ABSENT && c.userinfo.length == 0, "no userinfo");
    CHECK(c.host.offset == 6 && c.host.length == 11 && c.host_kind == RFC3987_HOST_REG_NAME, "host");
    CHECK(c.port.offset == 18 && c.port.length == 4, "port 8042");
    CHECK(c.path.offset == 22 && c.path.length == 11, "path /over/there");
    CHECK(c.query.offset == 34 && c.query.length == 11, "query name=ferret");
    CHECK(c.fragment.offset == 46 && c.fragment.length == 4, "fragment nose");
    rfc3987_iri_free(iri);
    /* RFC 3986 §1.1.2: "ldap://[2001:db8::7]/c=GB?objectClass?one": the host keeps its brackets. */
    iri = rfc3987_parse(S("ldap://[2001:db8::7]/c=GB?objectClass?one"), RFC3987_SYMBOL_IRI, &err);
    c = rfc3987_iri_components(iri);
    CHECK(c.host.offset == 7 && c.host.length == 13 && c.host_kind == RFC3987_HOST_IPV6, "IPv6 host");
    rfc3987_iri_free(iri);
    /* A relative reference parsed as an IRI fails (no scheme); so does a long input's check. */
    CHECK(rfc3987_parse(S("//example.org/"), RFC3987_SYMBOL_IRI, &err) == NULL && err.position == 0, "no scheme");
    /* A NULL handle: nothing but an empty path. */
    c = rfc3987_iri_components(NULL);
    CHECK(c.scheme.offset == RFC3987_ABSENT && c.path.offset == 0 && c.path.length == 0 &&
              c.host_kind == RFC3987_HOST_NONE,
          "NULL handle");
    size_t length = 1;
    CHECK(rfc3987_iri_text(NULL, &length) == NULL && length == 0, "NULL handle's text");
    rfc3987_iri_free(NULL);
    rfc3987_error_clear(&err);
}

static void passes(void) {
    rfc3987_error err = {0};
    /* RFC 3987 §3.1: "http://r&#xE9;sum&#xE9;.example.org" maps to
     * "http://r%C3%A9sum%C3%A9.example.org", and with IDNA to "http://xn--rsum-bpad.example.org". */
    const char resume[] = "http://r\xC3\xA9sum\xC3\xA9.example.org";
    CHECK(is(rfc3987_to_uri(S(resume), 0, &err), "http://r%C3%A9sum%C3%A9.example.org"), "§3.1");
    CHECK(is(rfc3987_to_uri(S(resume), RFC3987_TO_URI_IDNA, &err), "http://xn--rsum-bpad.example.org"),
          "§3.1 IDNA");
    /* Lenient input: the space percent-encoded first (RFC 3986 §2.1), where strict input fails at
     * it (byte 20, the path). */
    CHECK(is(rfc3987_to_uri(S("http://example.org/a b"), RFC3987_TO_URI_LENIENT, &err),
             "http://example.org/a%20b"),
          "lenient");
    CHECK(rfc3987_to_uri(S("http://example.org/a b"), 0, &err) == NULL && err.position == 20, "strict");
    CHECK(rfc3987_to_uri(S("http://a/"), 0x80, &err) == NULL && err.kind == RFC3987_ERROR_INVALID_ARGUMENT,
          "an unknown flag");
    /* RFC 3987 §3.2: "http://www.example.org/D%C3%BCrst" maps to "http://www.example.org/D&#xFC;rst";
     * "http://www.example.org/D%FCrst" stays as it is (%FC is not UTF-8). */
    CHECK(is(rfc3987_to_iri(S("http://www.example.org/D%C3%BCrst"), 0, &err),
             "http://www.example.org/D\xC3\xBCrst"),
          "§3.2");
    CHECK(is(rfc3987_to_iri(S("http://www.example.org/D%FCrst"), 0, &err), "http://www.example.org/D%FCrst"),
          "§3.2 not UTF-8");
    /* RFC 3987 §3.2: in "http://xn--99zt52a.example.org/%e2%80%ae" the U+202E that %e2%80%ae
     * encodes is forbidden (§4.1), so its octets are percent-encoded again (step 4: uppercase),
     * giving "http://xn--99zt52a.example.org/%E2%80%AE"; with ToUnicode, the host is U+7D0D
     * U+8C46: "http://&#x7D0D;&#x8C46;.example.org/%E2%80%AE". */
    CHECK(is(rfc3987_to_iri(S("http://xn--99zt52a.example.org/%e2%80%ae"), 0, &err),
             "http://xn--99zt52a.example.org/%E2%80%AE"),
          "§3.2 U+202E");
    CHECK(is(rfc3987_to_iri(S("http://xn--99zt52a.example.org/%e2%80%ae"), RFC3987_TO_IRI_IDN_UNICODE, &err),
             "http://\xE7\xB4\x8D\xE8\xB1\x86.example.org/%E2%80%AE"),
          "§3.2 IDN");
    /* RFC 3986 §6.2.2: "eXAMPLE://a/./b/../b/%63/%7bfoo%7d" is equivalent to
     * "example://a/b/c/%7Bfoo%7D" after syntax-based normalization. */
    CHECK(is(rfc3987_normalize(S("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"), RFC3987_LEVEL_SYNTAX, 0, &err),
             "example://a/b/c/%7Bfoo%7D"),
          "§6.2.2");
    CHECK(rfc3987_equivalent(S("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"), S("example://a/b/c/%7Bfoo%7D"),
                             RFC3987_LEVEL_SYNTAX, 0, &err) == 1,
          "equivalent at syntax");
    CHECK(rfc3987_equivalent(S("eXAMPLE://a/./b/../b/%63/%7bfoo%7d"), S("example://a/b/c/%7Bfoo%7D"),
                             RFC3987_LEVEL_SIMPLE, 0, &err) == 0,
          "not at simple (§5.3.1)");
    /* RFC 3986 §6.2.3: "http://example.com", "http://example.com/" and "http://example.com:80/"
     * are equivalent for http, by scheme-based normalization only. */
    CHECK(rfc3987_equivalent(S("http://example.com"), S("http://example.com:80/"), RFC3987_LEVEL_SCHEME, 0,
                             &err) == 1,
          "§6.2.3");
    CHECK(rfc3987_equivalent(S("http://example.com"), S("http://example.com:80/"), RFC3987_LEVEL_SYNTAX, 0,
                             &err) == 0,
          "§6.2.3 not at syntax");
    /* RFC 3987 §5.3.2.2: "é" precomposed (U+00E9) and decomposed (e U+0301) are equal after NFC. */
    CHECK(rfc3987_equivalent(S("http://a/r\xC3\xA9sum\xC3\xA9"), S("http://a/re\xCC\x81sume\xCC\x81"),
                             RFC3987_LEVEL_SYNTAX, RFC3987_NORMALIZE_NFC, &err) == 1,
          "NFC");
    CHECK(rfc3987_equivalent(S("http://a/r\xC3\xA9sum\xC3\xA9"), S("http://a/re\xCC\x81sume\xCC\x81"),
                             RFC3987_LEVEL_SYNTAX, 0, &err) == 0,
          "no NFC");
    CHECK(rfc3987_equivalent(S("http://a/b#x"), S("http://a/b#y"), RFC3987_LEVEL_SCHEME,
                             RFC3987_COMPARE_EXCLUDE_FRAGMENT, &err) == 1,
          "fragments left out");
    CHECK(rfc3987_equivalent(S("http://a/b"), S("a b"), RFC3987_LEVEL_SCHEME, 0, &err) == -1 && err.input == 1 &&
              err.position == 1,
          "the second input is at fault");
    CHECK(rfc3987_equivalent(S("a"), S("a"), 3, 0, &err) == -1 && err.kind == RFC3987_ERROR_INVALID_ARGUMENT,
          "an unknown level");
    /* RFC 3986 §5.2.1: a base must have a scheme. */
    CHECK(rfc3987_resolve(S("a/b"), S("c"), 0, &err) == NULL && err.input == 0 && err.kind == RFC3987_ERROR_SYNTAX,
          "a relative base");
    /* A target with a dot segment: resolution removes every one (RFC 3986 §5.2.4), so no
     * reference resolves to it. */
    CHECK(rfc3987_relativize(S("http://a/b"), S("http://a/b/../c"), &err) == NULL &&
              err.kind == RFC3987_ERROR_NOT_RELATIVE && err.input == 1,
          "not relative");
    CHECK(is(rfc3987_relativize(S("http://a/b/c/d;p?q"), S("http://a/b/c/g"), &err), "g"), "relativize");
    /* RFC 3987 §4.1: an IRI with right-to-left characters is displayed embedded in LRE (U+202A)
     * ... PDF (U+202C), or with isolates LRI (U+2066) ... PDI (U+2069); one without is as it is. */
    CHECK(is(rfc3987_display_form(S("http://ab.\xD7\x90\xD7\x91.ij/"), 0, &err),
             "\xE2\x80\xAAhttp://ab.\xD7\x90\xD7\x91.ij/\xE2\x80\xAC"),
          "§4.1 embedding");
    CHECK(is(rfc3987_display_form(S("http://ab.\xD7\x90\xD7\x91.ij/"), RFC3987_DISPLAY_ISOLATE, &err),
             "\xE2\x81\xA6http://ab.\xD7\x90\xD7\x91.ij/\xE2\x81\xA9"),
          "§4.1 isolate");
    CHECK(is(rfc3987_display_form(S("http://ab/"), 0, &err), "http://ab/"), "left to right");
    rfc3987_error_clear(&err);
}

static void lint(void) {
    rfc3987_error err = {0};
    /* "%7e": lowercase hex (RFC 3987 §5.3.2.1, fix "%7E"), and an encoded unreserved character
     * (§5.3.2.3, fix "~"), both at bytes 20..23. */
    rfc3987_diagnostics *found = rfc3987_lint(S("http://example.org/a%7eb"), &err);
    CHECK(found != NULL && found->count == 2, "two diagnostics");
    if (found != NULL && found->count == 2) {
        rfc3987_diagnostic *d = found->items;
        CHECK(strcmp(d[0].code, "pct-lowercase-hex") == 0 && strcmp(d[0].section, "5.3.2.1") == 0 &&
                  d[0].severity == RFC3987_SEVERITY_WARNING && d[0].offset == 20 && d[0].length == 3 &&
                  strcmp(d[0].fix, "%7E") == 0 && printable(d[0].message),
              "pct-lowercase-hex");
        CHECK(strcmp(d[1].code, "pct-unreserved") == 0 && strcmp(d[1].section, "5.3.2.3") == 0 &&
                  d[1].offset == 20 && d[1].length == 3 && strcmp(d[1].fix, "~") == 0,
              "pct-unreserved");
    }
    rfc3987_diagnostics_free(found);
    /* Not an IRI reference: one diagnostic, `syntax` (RFC 3987 §2.2), an error. */
    found = rfc3987_lint(S("http://a/b c"), &err);
    CHECK(found != NULL && found->count == 1 && strcmp(found->items[0].code, "syntax") == 0 &&
              found->items[0].severity == RFC3987_SEVERITY_ERROR && found->items[0].offset == 10,
          "syntax");
    rfc3987_diagnostics_free(found);
    /* Nothing to say: no array. */
    found = rfc3987_lint(S("http://example.org/"), &err);
    CHECK(found != NULL && found->count == 0 && found->items == NULL, "clean");
    rfc3987_diagnostics_free(found);
    CHECK(rfc3987_lint(S("\xFF"), &err) == NULL && err.kind == RFC3987_ERROR_NOT_UTF8, "not UTF-8");
    rfc3987_diagnostics_free(NULL);
    rfc3987_error_clear(&err);
}

void api_cases(void) {
    /* The header's version constants are the library's version. */
    char version[32];
    snprintf(version, sizeof version, "%d.%d.%d", RFC3987_MAJOR, RFC3987_MINOR, RFC3987_PATCH);
    CHECK(strcmp(rfc3987_version(), version) == 0, "version %s, header %s", rfc3987_version(), version);
    inputs();
    rules();
    components();
    passes();
    lint();
    /* Passing NULL for the error is allowed: the failure is only in the return value. */
    CHECK(!rfc3987_validate(S("a b"), RFC3987_SYMBOL_IRI, NULL), "NULL error");
    rfc3987_string_free(NULL);
}
