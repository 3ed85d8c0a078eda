//! The per-file context every rule reports through.

use serde_saphyr::{Location, Spanned};

use crate::diagnostic::{Diagnostic, Span};
use crate::load;

/// One file being checked: its name, text and the diagnostics found so far.
pub struct Cx<'a> {
    /// The file, as named.
    pub file: &'a str,
    /// Its text, for turning positions into spans.
    pub text: &'a str,
    /// Everything found.
    pub diags: Vec<Diagnostic>,
    /// How many more "did you mean" searches this file may make: each looks
    /// at every node id, so a file of thousands of bad targets would be
    /// quadratic. The first ones are the ones a person reads.
    pub suggestions_left: usize,
    /// Each target that names no node: the error's place in `diags` and the
    /// node it was probably meant to be, so that the nodes it cuts off are
    /// said under that one error.
    pub unknown_targets: Vec<UnknownTarget>,
}

/// An answer, `next` or `start` whose target names no node, or an answer
/// with no target at all.
#[derive(Clone, Debug)]
pub struct UnknownTarget {
    /// Its error's index in [`Cx::diags`].
    pub diag: usize,
    /// The node suggested by "did you mean", if one is close.
    pub meant: Option<String>,
}

/// The "did you mean" searches one file may make.
pub const MAX_SUGGESTIONS: usize = 100;

impl<'a> Cx<'a> {
    /// A context with nothing found yet.
    pub fn new(file: &'a str, text: &'a str) -> Self {
        Cx {
            file,
            text,
            diags: Vec::new(),
            suggestions_left: MAX_SUGGESTIONS,
            unknown_targets: Vec::new(),
        }
    }

    /// The span of a parser location.
    pub fn span(&self, loc: &Location) -> Span {
        load::span_of(loc, self.text)
    }

    /// The span of a positioned value.
    pub fn at<T>(&self, value: &Spanned<T>) -> Option<Span> {
        Some(self.span(&value.referenced))
    }

    /// The start of the file, for whole-file problems.
    pub fn top(&self) -> Option<Span> {
        Some(load::span_at(self.text, 0))
    }

    /// Records an error and returns it for a `help`.
    pub fn error(
        &mut self,
        code: &'static str,
        span: Option<Span>,
        message: String,
    ) -> &mut Diagnostic {
        self.diags
            .push(Diagnostic::error(code, self.file, span, message));
        self.diags.last_mut().expect("just pushed")
    }

    /// Records a warning and returns it for a `help`.
    pub fn warning(
        &mut self,
        code: &'static str,
        span: Option<Span>,
        message: String,
    ) -> &mut Diagnostic {
        self.diags
            .push(Diagnostic::warning(code, self.file, span, message));
        self.diags.last_mut().expect("just pushed")
    }

    /// Whether any error (not warning) was found in this file.
    pub fn has_errors(&self) -> bool {
        self.diags
            .iter()
            .any(|d| d.severity == crate::diagnostic::Severity::Error)
    }
}

/// Adds a `help` to a diagnostic just recorded.
pub fn help(d: &mut Diagnostic, text: impl Into<String>) {
    d.help = Some(text.into());
}
