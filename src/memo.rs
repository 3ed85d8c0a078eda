//! Results worked out from a chart's text, remembered: a layout wraps and
//! measures every box again, and a card's planning lays the same boxes out
//! many times over. Looked up by the text first, so a lookup copies nothing;
//! bounded, so hostile input of endless distinct texts (or endless variants
//! of one text) cannot grow it without end. What is remembered is exactly
//! what would be worked out again: only the time differs.

use std::borrow::Borrow;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use foldhash::HashMap as FastMap;

/// A remembered text, shared with whoever handed it over: looked up with
/// that same string ([`TextMemo::get_shared`]), it is known by its address
/// before its characters are compared.
#[derive(Clone, Eq)]
struct Text(Rc<str>);

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl Hash for Text {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // As `str` hashes, so that a `&str` finds it too.
        (*self.0).hash(state);
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        &self.0
    }
}

/// Variants (sizes, widths) remembered of one text, at most.
const VARIANTS: usize = 64;
/// A text longer than this (hostile input, never a box) is not remembered.
const LONGEST: usize = 4096;

/// Values worked out from a text and a key (what else they depend on).
pub struct TextMemo<K, V> {
    of_text: FastMap<Text, Vec<(K, V)>>,
    most_texts: usize,
}

impl<K: PartialEq, V> TextMemo<K, V> {
    /// A memory of at most `most_texts` texts; when full it starts again.
    pub fn new(most_texts: usize) -> TextMemo<K, V> {
        TextMemo {
            of_text: FastMap::default(),
            most_texts,
        }
    }

    /// The value remembered for `text` under the first key `matches` accepts.
    pub fn get(&self, text: &str, matches: impl Fn(&K) -> bool) -> Option<&V> {
        let variants = self.of_text.get(text)?;
        variants.iter().find(|(k, _)| matches(k)).map(|(_, v)| v)
    }

    /// [`TextMemo::get`] with the text as a shared string: found by its
    /// address when it is the one remembered.
    pub fn get_shared(&self, text: &Rc<str>, matches: impl Fn(&K) -> bool) -> Option<&V> {
        let variants = self.of_text.get(&Text(Rc::clone(text)))?;
        variants.iter().find(|(k, _)| matches(k)).map(|(_, v)| v)
    }

    /// Remembers `value` for `text` and `key`, in place of what was there.
    pub fn put(&mut self, text: &str, key: K, value: V) {
        if text.len() <= LONGEST {
            self.put_shared(&Rc::from(text), key, value);
        }
    }

    /// [`TextMemo::put`] with the text as a shared string, kept as it is.
    pub fn put_shared(&mut self, text: &Rc<str>, key: K, value: V) {
        if text.len() > LONGEST {
            return;
        }
        let text = Text(Rc::clone(text));
        if self.of_text.len() >= self.most_texts && !self.of_text.contains_key(&text) {
            self.of_text.clear();
        }
        let variants = self.of_text.entry(text).or_default();
        match variants.iter().position(|(k, _)| *k == key) {
            Some(i) => variants[i].1 = value,
            None => {
                if variants.len() >= VARIANTS {
                    variants.clear();
                }
                variants.push((key, value));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_found_by_text_and_key_and_replaced_in_place() {
        let mut memo = TextMemo::new(8);
        memo.put("Accept the lead", 1, "one");
        memo.put("Accept the lead", 2, "two");
        assert_eq!(memo.get("Accept the lead", |k| *k == 2), Some(&"two"));
        assert_eq!(memo.get("Accept the lead", |k| *k == 3), None);
        assert_eq!(memo.get("Refuse the lead", |k| *k == 1), None);
        memo.put("Accept the lead", 2, "again");
        assert_eq!(memo.get("Accept the lead", |k| *k == 2), Some(&"again"));
    }

    #[test]
    fn a_shared_text_is_found_by_address_and_any_copy_by_its_characters() {
        let mut memo = TextMemo::new(8);
        let shared: Rc<str> = Rc::from("Accept the lead");
        memo.put_shared(&shared, 1, "one");
        assert_eq!(memo.get_shared(&shared, |k| *k == 1), Some(&"one"));
        let copy: Rc<str> = Rc::from(String::from("Accept the lead"));
        assert!(!Rc::ptr_eq(&shared, &copy));
        assert_eq!(memo.get_shared(&copy, |k| *k == 1), Some(&"one"));
        assert_eq!(memo.get("Accept the lead", |k| *k == 1), Some(&"one"));
        assert_eq!(memo.get_shared(&Rc::from("Accept the lea"), |_| true), None);
        memo.put("Refuse the lead", 2, "two");
        assert_eq!(
            memo.get_shared(&Rc::from("Refuse the lead"), |k| *k == 2),
            Some(&"two")
        );
    }

    #[test]
    fn it_never_holds_more_than_its_bounds() {
        let mut memo = TextMemo::new(4);
        for i in 0..100 {
            memo.put(&format!("text {i}"), 0, i);
        }
        assert!(memo.of_text.len() <= 4);
        for k in 0..1000 {
            memo.put("one text", k, k);
        }
        assert!(memo.of_text["one text"].len() <= VARIANTS);
        memo.put(&"x".repeat(LONGEST + 1), 0, 0);
        assert!(memo.get(&"x".repeat(LONGEST + 1), |_| true).is_none());
    }
}
