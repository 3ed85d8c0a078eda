//! Results worked out from a chart's text, remembered: a layout wraps and
//! measures every box again, and a card's planning lays the same boxes out
//! many times over. Looked up by the text first, so a lookup copies nothing;
//! bounded, so hostile input of endless distinct texts (or endless variants
//! of one text) cannot grow it without end. What is remembered is exactly
//! what would be worked out again: only the time differs.

use std::borrow::Borrow;
use std::hash::Hash;
use std::rc::Rc;

use foldhash::HashMap as FastMap;

/// Variants (sizes, widths) remembered of one text, at most.
const VARIANTS: usize = 64;
/// A text longer than this (hostile input, never a box) is not remembered.
const LONGEST: usize = 4096;

/// Values worked out from a text and a key (what else they depend on).
/// Texts are kept as shared strings: looked up with the very `Rc<str>`
/// remembered, a text is known by its address before its characters are
/// compared (as `Rc` compares).
pub struct TextMemo<K, V> {
    of_text: FastMap<Rc<str>, Vec<(K, V)>>,
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

    /// The value remembered for `text` (a `str`, or a shared `Rc<str>`)
    /// under the first key `matches` accepts.
    pub fn get<T>(&self, text: &T, matches: impl Fn(&K) -> bool) -> Option<&V>
    where
        Rc<str>: Borrow<T>,
        T: Hash + Eq + ?Sized,
    {
        let variants = self.of_text.get(text)?;
        variants.iter().find(|(k, _)| matches(k)).map(|(_, v)| v)
    }

    /// Remembers `value` for `text` (a `&str`, or a shared `Rc<str>` kept
    /// as it is) and `key`, in place of what was there.
    pub fn put(&mut self, text: impl AsRef<str> + Into<Rc<str>>, key: K, value: V) {
        let chars = text.as_ref();
        if chars.len() > LONGEST {
            return;
        }
        if self.of_text.len() >= self.most_texts && !self.of_text.contains_key(chars) {
            self.of_text.clear();
        }
        let variants = self.of_text.entry(text.into()).or_default();
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
        memo.put(Rc::clone(&shared), 1, "one");
        assert_eq!(memo.get(&shared, |k| *k == 1), Some(&"one"));
        let copy: Rc<str> = Rc::from(String::from("Accept the lead"));
        assert!(!Rc::ptr_eq(&shared, &copy));
        assert_eq!(memo.get(&copy, |k| *k == 1), Some(&"one"));
        assert_eq!(memo.get("Accept the lead", |k| *k == 1), Some(&"one"));
        let shorter: Rc<str> = Rc::from("Accept the lea");
        assert_eq!(memo.get(&shorter, |_| true), None);
        memo.put("Refuse the lead", 2, "two");
        let refuse: Rc<str> = Rc::from("Refuse the lead");
        assert_eq!(memo.get(&refuse, |k| *k == 2), Some(&"two"));
    }

    #[test]
    fn it_never_holds_more_than_its_bounds() {
        let mut memo = TextMemo::new(4);
        for i in 0..100 {
            memo.put(format!("text {i}").as_str(), 0, i);
        }
        assert!(memo.of_text.len() <= 4);
        for k in 0..1000 {
            memo.put("one text", k, k);
        }
        assert!(memo.of_text["one text"].len() <= VARIANTS);
        memo.put("x".repeat(LONGEST + 1).as_str(), 0, 0);
        assert!(
            memo.get("x".repeat(LONGEST + 1).as_str(), |_| true)
                .is_none()
        );
    }
}
