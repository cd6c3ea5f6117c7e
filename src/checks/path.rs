//! The path: §5.3.2.4 dot segments.

use super::diagnostic::{diagnostic, Diagnostic};
use super::text::{changed_part, offset, split_at_bytes};
use crate::resolve::remove_dot_segments;
use crate::types::IriRef;

/// §5.3.2.4: "." and ".." segments in the path of an IRI that has a scheme (in a relative
/// reference they mean something until it is resolved). One diagnostic, named after the first
/// dot segment; its span is the part of the path that `remove_dot_segments` (RFC 3986 §5.2.4)
/// changes, and its fix what that part becomes.
pub(super) fn dot_segments<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>, out: &mut Vec<Diagnostic>) {
    if iri.scheme().is_none() {
        return;
    }
    let input = iri.as_str();
    let path = iri.path().as_str();
    // A "." or ".." segment is the first one or follows a "/": most paths have neither.
    if !path.starts_with('.') && !path.contains("/.") {
        return;
    }
    let Some(segment) = split_at_bytes(path, |b| b == b'/').find(|s| *s == "." || *s == "..") else {
        return;
    };
    let removed = remove_dot_segments(path);
    let start = offset(input, path);
    let (changed, fix) = changed_part(path, &removed);
    out.push(diagnostic(
        input,
        "dot-segments",
        start + changed.start..start + changed.end,
        format!("the segment {segment:?}: normalization removes dot segments"),
        Some(fix.to_string()),
    ));
}
