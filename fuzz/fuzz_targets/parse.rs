//! Parsing never panics; a parsed value displays as its input, and its components recompose to
//! the input (RFC 3986 §5.3).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3987::IriRef;

fuzz_target!(|input: &str| {
    let Ok(iri) = IriRef::parse(input) else {
        return;
    };
    assert_eq!(iri.to_string(), input);
    let mut s = String::new();
    if let Some(scheme) = iri.scheme() {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(authority) = iri.authority() {
        s.push_str("//");
        if let Some(userinfo) = authority.userinfo() {
            s.push_str(userinfo);
            s.push('@');
        }
        s.push_str(authority.host_str());
        if let Some(port) = authority.port() {
            s.push(':');
            s.push_str(port);
        }
    }
    s.push_str(iri.path().as_str());
    if let Some(query) = iri.query() {
        s.push('?');
        s.push_str(query);
    }
    if let Some(fragment) = iri.fragment() {
        s.push('#');
        s.push_str(fragment);
    }
    assert_eq!(s, input);
});
