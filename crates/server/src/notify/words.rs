//! The notices' words, from Fluent files (`crates/server/locales/<lang>/notify.ftl`, built into
//! the program): English, French and Italian; a player's language when the client says one of
//! them, English otherwise.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// The languages the notices are written in, English (the fallback) first.
const FILES: [(&str, &str); 3] = [
    ("en", include_str!("../../locales/en/notify.ftl")),
    ("fr", include_str!("../../locales/fr/notify.ftl")),
    ("it", include_str!("../../locales/it/notify.ftl")),
];

/// Every language's words.
pub struct Words {
    bundles: Vec<(&'static str, FluentBundle<FluentResource>)>,
}

impl Default for Words {
    fn default() -> Words {
        Words::new()
    }
}

impl Words {
    /// The built-in files read (a file that does not parse is a bug of the build, caught by
    /// the tests: its messages are then missing and said by their keys).
    pub fn new() -> Words {
        let bundles = FILES
            .iter()
            .map(|(lang, text)| (*lang, bundle(lang, text)))
            .collect();
        Words { bundles }
    }

    /// The language of these words for a tag a client gave (`fr-CA` is `fr`), English when
    /// none of ours.
    pub fn language(&self, tag: Option<&str>) -> &'static str {
        let primary = tag
            .and_then(|t| t.split('-').next())
            .map(str::to_ascii_lowercase);
        self.bundles
            .iter()
            .map(|(lang, _)| *lang)
            .find(|lang| primary.as_deref() == Some(*lang))
            .unwrap_or("en")
    }

    /// The message `key` in `lang` with `args` (in English if the language lacks it; its key
    /// if no language has it).
    pub fn say(&self, lang: &str, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        let chosen = self.bundles.iter().find(|(l, _)| *l == lang);
        let english = self.bundles.first();
        for (_, bundle) in chosen.into_iter().chain(english) {
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
                if !errors.is_empty() {
                    tracing::warn!("the notice's words {key} ({lang}): {errors:?}");
                }
                return text.into_owned();
            }
        }
        key.to_string()
    }
}

fn bundle(lang: &str, text: &str) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Plain text mails: no Unicode isolation marks around the arguments.
    bundle.set_use_isolating(false);
    let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(partial, errors)| {
        tracing::error!("notify.ftl ({lang}) does not parse: {errors:?}");
        partial
    });
    if let Err(errors) = bundle.add_resource(resource) {
        tracing::error!("notify.ftl ({lang}): {errors:?}");
    }
    bundle
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_says_every_message() {
        let words = Words::new();
        let keys = [
            "confirm-subject",
            "confirm-body",
            "digest-subject",
            "digest-intro",
            "digest-line",
            "reminder-subject",
            "reminder-body",
            "footer",
            "page-confirmed",
            "page-stopped",
            "page-unknown",
            "push-title",
            "push-digest",
            "push-reminder",
            "nobody",
        ];
        for (lang, text) in FILES {
            let resource = FluentResource::try_new(text.to_string());
            assert!(resource.is_ok(), "{lang} parses");
            for key in keys {
                let bundle = &words.bundles.iter().find(|(l, _)| *l == lang).unwrap().1;
                assert!(bundle.has_message(key), "{lang} says {key}");
            }
        }
        assert_eq!(words.language(Some("fr-CA")), "fr");
        assert_eq!(words.language(Some("de")), "en");
        assert_eq!(words.language(None), "en");
        let subject = words.say(
            "it",
            "digest-subject",
            &[("count", 2.into()), ("first", "ABCDE".into())],
        );
        assert_eq!(subject, "Tocca a te a 2 tavoli");
    }
}
