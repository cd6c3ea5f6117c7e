//! The pieces a message is made from ([`Words`]), and the rule names and citations they give.

use super::phrases::{pct, section, spelled};
use super::reading::Reading;
use crate::automaton::Run;
use crate::error::SyntaxComponent;
use crate::pest_grammar::Rule;

use SyntaxComponent as C;

/// The pieces a message is made from.
pub(super) struct Words<'a> {
    pub input: &'a str,
    pub run: &'a Run<'a>,
    pub reading: &'a Reading,
    /// The rule of the error, in RFC 3987 spelling (see [`Words::name`]).
    pub rule: &'static str,
    pub target: &'a str,
    pub root: Rule,
    /// A URI symbol of RFC 3986: rules are named as RFC 3986 names them.
    pub uri: bool,
}

impl Words<'_> {
    pub(super) fn component(&self) -> Option<SyntaxComponent> {
        self.reading.component
    }

    /// A rule's name as the error's grammar spells it (RFC 3986's for URI symbols).
    pub(super) fn name(&self, rule: &'static str) -> &'static str {
        spelled(rule, self.uri)
    }

    /// `(isegment, RFC 3987 §2.2)`: the rule of the error and its section.
    pub(super) fn cite(&self) -> String {
        format!("({})", self.cite_rule(self.rule))
    }

    /// `isegment, RFC 3987 §2.2` for `rule`, named as the error's grammar names it.
    pub(super) fn cite_rule(&self, rule: &'static str) -> String {
        let name = self.name(rule);
        format!("{name}, {}", section(name))
    }

    /// "an IRI" or "a URI": what the input was to be.
    pub(super) fn kind(&self) -> &'static str {
        if self.uri {
            "a URI"
        } else {
            "an IRI"
        }
    }

    /// Whether the root is a start symbol, or a rule as large: the messages about a missing
    /// scheme, a relative reference or an empty input are about those.
    pub(super) fn whole(&self) -> bool {
        matches!(
            self.root,
            Rule::whole_IRI_reference
                | Rule::whole_IRI
                | Rule::whole_absolute_IRI
                | Rule::whole_irelative_ref
                | Rule::IRI_reference
                | Rule::IRI
                | Rule::absolute_IRI
                | Rule::irelative_ref
        )
    }

    /// Whether the root is a relative reference, which has no scheme.
    pub(super) fn relative(&self) -> bool {
        matches!(self.root, Rule::whole_irelative_ref | Rule::irelative_ref)
    }

    /// "the path", or "the rule" for a rule checked alone that is in no component.
    pub(super) fn place(&self) -> String {
        self.component().map_or("the rule".into(), |c| format!("the {c}"))
    }

    /// Whether percent-encoding can carry a character in the component (not in the scheme, the
    /// port or an IP literal, whose characters are ASCII and have no escape).
    pub(super) fn encodable(&self) -> bool {
        matches!(
            self.component(),
            Some(C::Userinfo | C::Host | C::Path | C::Query | C::Fragment)
        )
    }

    /// "; percent-encode it as %20" where the component allows it.
    pub(super) fn fix(&self, c: char) -> String {
        if self.encodable() {
            format!("; percent-encode it as {}", pct(c))
        } else {
            String::new()
        }
    }
}
