//! Property tests: random decision charts always lay out soundly.
