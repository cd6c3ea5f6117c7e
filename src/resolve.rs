//! Reference resolution (RFC 3986 §5.2, which RFC 3987 §6.5 applies to IRIs) and its inverse.

use crate::bytes::{find_byte, rfind_byte};
use crate::recompose::Recomposer;
use crate::types::{Iri, IriRef, Reference, WithScheme};

/// Resolves `reference` against `base` (RFC 3986 §5.2.2, strict): the target IRI.
///
/// The base's fragment is ignored (§5.2.1). A scheme in the reference is never ignored:
/// `http:g` against `http://a/b/c/d;p?q` stays `http:g` (§5.4.2, strict parser). Works on
/// IRIs with any characters: RFC 3987 §6.5 applies the algorithm to IRIs unchanged.
///
/// The base is any type with a scheme ([`WithScheme`]: RFC 3986 §5.1), the reference any parsed
/// type, borrowed or owned; [`Iri::resolve`] is the method form. The target is an [`Iri`] even
/// when both are URIs (it is then ASCII, and `Uri::try_from` narrows it without parsing again).
///
/// ```
/// use rfc3987::{resolve, Iri, IriRef};
///
/// let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
/// let target = |r| resolve(&base, &IriRef::parse(r).unwrap()).to_string();
/// assert_eq!(target("../g"), "http://a/b/g");
/// assert_eq!(target("//g"), "http://g");
/// assert_eq!(target("http:g"), "http:g");
/// assert_eq!(target("résumé"), "http://a/b/c/résumé");
/// ```
pub fn resolve<B: WithScheme, R: Reference>(base: &B, reference: &R) -> Iri<String> {
    resolve_as(base.as_iri_ref(), reference.as_iri_ref(), true)
}

/// [`resolve`] as RFC 3986 §5.2.2 allows a non-strict parser to, "for backward compatibility":
/// a reference whose scheme is the base's (compared case-insensitively, §3.1) is resolved as if
/// it had no scheme. `http:g` against `http://a/b/c/d;p?q` is `http://a/b/c/g` (§5.4.2, "for
/// backward compatibility").
///
/// ```
/// use rfc3987::{resolve_non_strict, Iri, IriRef};
///
/// let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
/// let target = |r| resolve_non_strict(&base, &IriRef::parse(r).unwrap()).to_string();
/// assert_eq!(target("http:g"), "http://a/b/c/g");
/// assert_eq!(target("HTTP:../g"), "http://a/b/g");
/// assert_eq!(target("https:g"), "https:g"); // another scheme: as strict
/// ```
pub fn resolve_non_strict<B: WithScheme, R: Reference>(base: &B, reference: &R) -> Iri<String> {
    resolve_as(base.as_iri_ref(), reference.as_iri_ref(), false)
}

/// RFC 3986 §5.2.2, strict or not.
fn resolve_as(base: IriRef<&str>, reference: IriRef<&str>, strict: bool) -> Iri<String> {
    // The target is never longer than both texts together: its components come from one or
    // the other, merging (§5.2.3) joins a part of the base's path and the reference's, and
    // removing dot segments (§5.2.4) only shortens; the 2 are for "/." written before a path
    // that starts with "//" (`Recomposer::path`). One allocation, the result's.
    let mut t = Recomposer::with_capacity(base.as_str().len() + reference.as_str().len() + 2);
    let r_path = reference.path().as_str();
    // §5.2.2: the pseudo-code, in its order; T.scheme, T.authority, T.path, T.query are written
    // as they are decided, which is also the order of §5.3 recomposition. T.path is written by
    // remove_dot_segments straight into the result, its output buffer.
    // "if ((not strict) and (R.scheme == Base.scheme)) then undefine(R.scheme);"
    let same_scheme = |r: &str| base.scheme().is_some_and(|b| b.eq_ignore_ascii_case(r));
    let r_scheme = reference.scheme().filter(|&r| strict || !same_scheme(r));
    if r_scheme.is_some() {
        // T.scheme = R.scheme; T.authority = R.authority; (as R writes them)
        t.scheme_and_authority_of(&reference);
        t.path(|text: &mut String| remove_dot_segments_into(text, "", r_path));
        if let Some(query) = reference.query() {
            t.query(query);
        }
    } else if let Some(authority) = reference.authority() {
        t.scheme(base.scheme().unwrap_or_default());
        t.authority(&authority);
        t.path(|text: &mut String| remove_dot_segments_into(text, "", r_path));
        if let Some(query) = reference.query() {
            t.query(query);
        }
    } else {
        // T.authority = Base.authority; T.scheme = Base.scheme; (as the base writes them)
        t.scheme_and_authority_of(&base);
        if r_path.is_empty() {
            t.path(base.path().as_str());
            if let Some(query) = reference.query().or(base.query()) {
                t.query(query);
            }
        } else {
            if r_path.starts_with('/') {
                t.path(|text: &mut String| remove_dot_segments_into(text, "", r_path));
            } else {
                let dir = merge_directory(&base);
                t.path(|text: &mut String| remove_dot_segments_into(text, dir, r_path));
            }
            if let Some(query) = reference.query() {
                t.query(query);
            }
        }
    }
    if let Some(fragment) = reference.fragment() {
        t.fragment(fragment);
    }
    let (text, spans) = t.finish();
    Iri::from_parts(text, spans)
}

/// RFC 3986 §5.2.3: merges a relative-path reference with the path of the base. The merged
/// path is what this returns followed by the reference's path; it is never built, its two
/// parts are the input buffer of [`remove_dot_segments_into`].
fn merge_directory<'a>(base: &'a IriRef<&str>) -> &'a str {
    let base_path = base.path().as_str();
    if base.authority().is_some() && base_path.is_empty() {
        // "return a string consisting of "/" concatenated with the reference's path"
        "/"
    } else {
        // "excluding any characters after the right-most "/" in the base URI path, or excluding
        // the entire base URI path if it does not contain any "/" characters"
        &base_path[..rfind_byte(base_path.as_bytes(), b'/').map_or(0, |i| i + 1)]
    }
}

/// RFC 3986 §5.2.4: removes the special "." and ".." complete path segments.
///
/// ```
/// use rfc3987::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut output = String::with_capacity(path.len());
    remove_dot_segments_into(&mut output, "", path);
    output
}

/// RFC 3986 §5.2.4 on the input buffer `dir` followed by `path`, where `dir` is empty or ends
/// in "/" (the two parts of a merged path, §5.2.3), the output buffer being what is appended
/// to `out` (what `out` already holds is not part of it).
///
/// The input buffer is held as `rest`, preceded by a "/" when `slash` is set: each step below
/// removes a prefix of the buffer or replaces it with "/", and that "/" is then the only
/// character of the buffer that is not in `dir` or `path` as given.
pub(crate) fn remove_dot_segments_into(out: &mut String, dir: &str, path: &str) {
    // 1. The input buffer is initialized with the now-appended path components and the output
    //    buffer is initialized to the empty string.
    if !has_dot_segment(dir) && !has_dot_segment(path) {
        // Every step is E, which moves the input buffer to the output buffer as it is.
        out.push_str(dir);
        out.push_str(path);
        return;
    }
    let floor = out.len();
    let mut slash = false;
    // The steps never look past the end of `dir`: it ends in "/", so none of its suffixes is a
    // whole buffer of "." or "..", and each segment it holds ends before its last "/". When
    // `dir` is used up, the buffer is `path`, or "/" followed by `path`.
    for (input, last) in [(dir, false), (path, true)] {
        let mut rest = input;
        // 2. While the input buffer is not empty, loop as follows:
        loop {
            if slash {
                if let Some(after) = rest.strip_prefix("./") {
                    // B. if the input buffer begins with a prefix of "/./" or "/.", where "." is
                    //    a complete path segment, then replace that prefix with "/";
                    rest = after;
                } else if rest == "." {
                    rest = "";
                } else if let Some(after) = rest.strip_prefix("../") {
                    // C. if the input buffer begins with a prefix of "/../" or "/..", where ".."
                    //    is a complete path segment, then replace that prefix with "/" and
                    //    remove the last segment and its preceding "/" (if any) from the output
                    //    buffer;
                    rest = after;
                    remove_last_segment(out, floor);
                } else if rest == ".." {
                    rest = "";
                    remove_last_segment(out, floor);
                } else if rest.is_empty() && !last {
                    break;
                } else {
                    // E. move the first path segment in the input buffer to the end of the
                    //    output buffer, including the initial "/" character (if any) and any
                    //    subsequent characters up to, but not including, the next "/" character
                    //    or the end of the input buffer.
                    //    Repeated for the segments after it up to the next that starts with
                    //    ".", which E would move one by one as well (none is "." or "..").
                    let end = segments_before_dot(rest, last);
                    out.push('/');
                    out.push_str(&rest[..end]);
                    rest = &rest[end..];
                    slash = false;
                }
            } else if rest.is_empty() {
                break;
            } else if let Some(after) = rest.strip_prefix('/') {
                // The same buffer, its "/" held apart.
                rest = after;
                slash = true;
            } else if let Some(after) = rest.strip_prefix("../").or_else(|| rest.strip_prefix("./")) {
                // A. If the input buffer begins with a prefix of "../" or "./", then remove that
                //    prefix from the input buffer;
                rest = after;
            } else if rest == "." || rest == ".." {
                // D. if the input buffer consists only of "." or "..", then remove that from
                //    the input buffer;
                rest = "";
            } else {
                // E., for a first segment without "/", and the segments after it as above.
                let end = segments_before_dot(rest, last);
                out.push_str(&rest[..end]);
                rest = &rest[end..];
            }
        }
    }
    // 3. Finally, the output buffer is returned as the result of remove_dot_segments.
}

/// The length of the segments at the start of `rest` that step 2E of RFC 3986 §5.2.4 moves
/// one after the other: up to the first "/" followed by "." (a segment that may be "." or
/// "..", for the other steps to look at), or to the end of the input buffer when `last`,
/// or else to the last "/" of `rest` (the "/" that starts the next part's first segment).
/// The first segment, whatever its first character, is not a dot segment (the caller
/// checked).
fn segments_before_dot(rest: &str, last: bool) -> usize {
    let bytes = rest.as_bytes();
    let mut from = 1;
    while let Some(dot) = find_byte(bytes, from, b'.') {
        if bytes[dot - 1] == b'/' {
            return dot - 1;
        }
        from = dot + 1;
    }
    if last {
        rest.len()
    } else {
        rest.len() - 1
    }
}

/// Whether a path has a complete segment "." or "..", the only ones RFC 3986 §5.2.4 changes.
pub(crate) fn has_dot_segment(path: &str) -> bool {
    let bytes = path.as_bytes();
    let mut from = 0;
    while let Some(dot) = find_byte(bytes, from, b'.') {
        // A segment that starts with this "." and is "." or "..".
        if (dot == 0 || bytes[dot - 1] == b'/')
            && matches!(
                &bytes[dot..],
                [b'.'] | [b'.', b'/', ..] | [b'.', b'.'] | [b'.', b'.', b'/', ..]
            )
        {
            return true;
        }
        from = dot + 1;
    }
    false
}

/// RFC 3986 §5.2.4 step 2C: "remove the last segment and its preceding "/" (if any) from the
/// output buffer", the output buffer being `out` after its first `floor` bytes.
fn remove_last_segment(out: &mut String, floor: usize) {
    let keep = rfind_byte(&out.as_bytes()[floor..], b'/').map_or(floor, |i| floor + i);
    out.truncate(keep);
}

/// The inverse of [`resolve`]: the shortest reference, among the candidates below, that resolves
/// against `base` to `target` (RFC 3986 §5.2.2), or `None` when none does (§5.2.2 removes dot
/// segments from every path it takes from a reference, so a target whose path has "." or ".."
/// segments, other than the base's own path, cannot be reached).
///
/// Candidates, in this order, each kept only if resolving it gives `target` back: the empty
/// reference or a bare query (same path); a relative path below the base's directory ("./" in
/// front when its first segment is empty or has ":", RFC 3986 §4.2); one climbing with "../"
/// (a final ".." without "/"); an absolute path ("/." in front when it starts with "//"); a
/// network-path reference ("//authority…"); the target itself. Of those that resolve back, the one with the fewest characters is returned; of equally
/// short ones, the first in this order (so `../g` rather than `/b/g` from `/b/c/d`).
///
/// Both are any type with a scheme ([`WithScheme`]), borrowed or owned; [`Iri::relativize`] is
/// the method form.
///
/// ```
/// use rfc3987::{relativize, resolve, Iri};
///
/// let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
/// let target = Iri::parse("http://a/b/g?y#s").unwrap();
/// let reference = relativize(&base, &target).unwrap();
/// assert_eq!(reference.as_str(), "../g?y#s");
/// assert_eq!(resolve(&base, &reference), target);
/// ```
pub fn relativize<B: WithScheme, T: WithScheme>(base: &B, target: &T) -> Option<IriRef<String>> {
    let (base_value, target) = (base, target.as_iri_ref());
    let base = base_value.as_iri_ref();
    let same_origin = base.scheme() == target.scheme()
        && base.authority().map(|a| a.as_str()) == target.authority().map(|a| a.as_str());
    let mut candidates: Vec<IriRef<String>> = Vec::new();
    let t_path = target.path().as_str();
    if same_origin {
        if t_path == base.path().as_str() {
            if target.query() == base.query() {
                candidates.push(reference("", None, target.fragment()));
            } else if let Some(query) = target.query() {
                candidates.push(reference("", Some(query), target.fragment()));
            }
        }
        let b_path = base.path().as_str();
        // §5.2.3: against an authority with an empty path, a relative path is merged below "/".
        let b_dir = if base.authority().is_some() && b_path.is_empty() {
            "/"
        } else {
            &b_path[..b_path.rfind('/').map_or(0, |i| i + 1)]
        };
        if let Some(below) = t_path.strip_prefix(b_dir) {
            // "." for the directory itself; "./" before a first segment that is empty (§4.2:
            // "//b" would read as an authority, "/b" as an absolute path). §5.2.4 step B
            // removes it again.
            let below = if below.is_empty() {
                ".".to_string()
            } else if below.starts_with('/') {
                format!("./{below}")
            } else {
                below.to_string()
            };
            candidates.push(reference(&below, target.query(), target.fragment()));
        }
        // Climb from the base's directory to the longest directory it shares with the target.
        let shared = common_directory(b_dir, t_path);
        let ups = b_dir[shared..].matches('/').count();
        if ups > 0 {
            let rest = &t_path[shared..];
            let mut climbed = format!("{}{rest}", "../".repeat(ups));
            if rest.is_empty() {
                // A final ".." climbs as "../" does (§5.2.4 step C: "/.." is replaced with "/").
                climbed.pop();
            }
            candidates.push(reference(&climbed, target.query(), target.fragment()));
        }
        if t_path.starts_with('/') {
            // A path starting with "//" is written "/.//…" (`Recomposer::path`), which §5.2.4
            // step B turns back into "//…".
            candidates.push(reference(t_path, target.query(), target.fragment()));
        }
    }
    if base.scheme() == target.scheme() {
        if let Some(authority) = target.authority() {
            let mut r = Recomposer::with_capacity(target.as_str().len());
            r.authority(&authority);
            r.path(t_path);
            if let Some(query) = target.query() {
                r.query(query);
            }
            if let Some(fragment) = target.fragment() {
                r.fragment(fragment);
            }
            let (text, spans) = r.finish();
            candidates.push(IriRef::from_parts(text, spans));
        }
    }
    candidates.push(target.into_owned());
    let mut shortest: Option<(usize, IriRef<String>)> = None;
    for candidate in candidates {
        let length = candidate.as_str().chars().count();
        if shortest.as_ref().is_some_and(|(best, _)| *best <= length) {
            continue;
        }
        if resolve(base_value, &candidate).as_str() == target.as_str() {
            shortest = Some((length, candidate));
        }
    }
    shortest.map(|(_, reference)| reference)
}

/// A relative reference `path [ "?" query ] [ "#" fragment ]` (RFC 3986 §4.2), recomposed so
/// that it stays one (a first segment with ":" gets "./", a path starting with "//" "/.").
fn reference(path: &str, query: Option<&str>, fragment: Option<&str>) -> IriRef<String> {
    let mut r = Recomposer::with_capacity(path.len() + 2);
    r.path(path);
    if let Some(query) = query {
        r.query(query);
    }
    if let Some(fragment) = fragment {
        r.fragment(fragment);
    }
    let (text, spans) = r.finish();
    IriRef::from_parts(text, spans)
}

/// The length of the longest prefix of `dir` ending in "/" that `path` also starts with.
fn common_directory(dir: &str, path: &str) -> usize {
    let mut shared = 0;
    for (i, (a, b)) in dir.bytes().zip(path.bytes()).enumerate() {
        if a != b {
            break;
        }
        if a == b'/' {
            shared = i + 1;
        }
    }
    shared
}
