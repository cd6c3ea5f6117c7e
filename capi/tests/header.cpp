// The header in C++: it compiles with -Wall -Wextra -Werror (capi/test.sh), its declarations
// are extern "C", and its structs are usable as C++ values. Run, it checks one call of each kind.
#include <rfc3987.h>

#include <cstdio>
#include <cstring>
#include <string>

int main() {
    const std::string iri = "http://example.org/a b";
    rfc3987_error err{};
    bool valid = rfc3987_validate(iri.data(), iri.size(), RFC3987_SYMBOL_IRI, &err);
    // The space (not an ipchar, RFC 3987 §2.2) at byte 20.
    bool ok = !valid && err.position == 20 && std::strcmp(err.component, "path") == 0;
    rfc3987_error_clear(&err);
    char *uri = rfc3987_to_uri(iri.data(), iri.size(), RFC3987_TO_URI_LENIENT, &err);
    ok = ok && uri != nullptr && std::string(uri) == "http://example.org/a%20b";
    rfc3987_string_free(uri);
    rfc3987_iri *parsed = rfc3987_parse("urn:a", 5, RFC3987_SYMBOL_IRI, nullptr);
    rfc3987_components components = rfc3987_iri_components(parsed);
    ok = ok && components.authority.offset == RFC3987_ABSENT && components.path.offset == 4;
    rfc3987_iri_free(parsed);
    std::puts(ok ? "header.cpp: passed" : "header.cpp: FAILED");
    return ok ? 0 : 1;
}
