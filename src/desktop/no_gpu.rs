//! A computer with no driver to draw with. Bevy's renderer then finds no graphics adapter and
//! panics with "Unable to find a GPU!" while the game starts, before any window or asset exists.
//! [`watch`] puts a panic hook in place first that recognises that panic and tells the player
//! instead, in their language (the words of `graphics.ftl`, read from the assets at once, not
//! through Bevy's asset server), what is missing and how to install it: on the terminal, and in
//! a desktop message box (`zenity`, `kdialog` or `xmessage`, the first one found: the desktop's
//! own tools, no toolkit linked into the game). The game then ends with [`EXIT_NO_GPU`].

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Once;

use crate::i18n::Words;
use crate::model::Language;

/// The exit code when nothing can draw the window.
pub const EXIT_NO_GPU: i32 = 3;

/// How Bevy's panic begins when wgpu finds no adapter (`GPU_NOT_FOUND_ERROR_MESSAGE` in
/// `bevy_render::renderer`). `scripts/test.sh` starts the game with no driver and checks that
/// the player's words come out, so a change of Bevy's wording is seen.
const BEVY_NO_GPU: &str = "Unable to find a GPU";

/// Installs (once) the panic hook that turns Bevy's "no GPU" panic into words in `language`; any
/// other panic goes on to the hook there was.
pub fn watch(language: Language) {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if info.payload_as_str().is_some_and(is_no_gpu) {
                tell(language);
                std::process::exit(EXIT_NO_GPU);
            }
            previous(info);
        }));
    });
}

/// Whether a panic's message is the renderer's "no GPU".
fn is_no_gpu(message: &str) -> bool {
    message.starts_with(BEVY_NO_GPU)
}

/// The title and the text that say what is missing and how to install it.
pub fn message(words: &Words) -> (String, String) {
    let install = if cfg!(target_os = "linux") {
        words.t("no-gpu-install-linux")
    } else {
        words.t("no-gpu-install-other")
    };
    (
        words.t("no-gpu-title"),
        format!("{}\n\n{install}", words.t("no-gpu-what")),
    )
}

/// Says it on the terminal and in a message box.
fn tell(language: Language) {
    let words = Words::from_assets(language);
    let (title, text) = message(&words);
    eprintln!("gamut: {title}\n\n{text}");
    message_box(&title, &text, &words.t("no-gpu-close"));
}

/// Shows a message box with the desktop's own tool and waits until the player closes it; nothing
/// without a display or without such a tool.
fn message_box(title: &str, text: &str, close: &str) {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        return;
    }
    // xmessage's one button, `Enter` pressing it (a `,` or `:` would split the label).
    let close = close.replace([',', ':'], " ");
    let button = format!("{close}:0");
    let close = close.as_str();
    let tools: [(&str, Vec<&str>); 3] = [
        (
            "zenity",
            vec!["--error", "--no-markup", "--title", title, "--text", text],
        ),
        ("kdialog", vec!["--title", title, "--error", text]),
        // xmessage reads the text from its input (`-file -`); `-title` is the toolkit's option.
        (
            "xmessage",
            vec![
                "-center", "-title", title, "-buttons", &button, "-default", close, "-file", "-",
            ],
        ),
    ];
    for (tool, args) in tools {
        let child = Command::new(tool)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let Ok(mut child) = child else {
            continue; // not installed: the next one
        };
        if let Some(mut input) = child.stdin.take() {
            let _ = input.write_all(text.as_bytes());
        }
        let _ = child.wait();
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bevys_panic_is_recognised() {
        assert!(is_no_gpu(
            "Unable to find a GPU! Make sure you have installed required drivers!"
        ));
        assert!(!is_no_gpu("index out of bounds"));
    }

    #[test]
    fn the_message_says_what_is_missing_and_how_to_install_it_in_every_language() {
        let mut seen = Vec::new();
        for language in Language::ALL {
            let (title, text) = message(&Words::from_assets(language));
            assert!(!title.is_empty() && !title.contains("no-gpu"), "{title}");
            assert!(text.contains("Vulkan"), "{language:?}: {text}");
            if cfg!(target_os = "linux") {
                assert!(
                    text.contains("sudo apt install mesa-vulkan-drivers"),
                    "{text}"
                );
            }
            seen.push(title);
        }
        seen.dedup();
        assert_eq!(seen.len(), Language::ALL.len(), "the same title twice");
    }
}
