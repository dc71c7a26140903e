//! A QR code of an address, drawn by egui (dark squares on a light field with the quiet zone
//! the standard asks for), for a phone's camera to open the page.

use bevy_egui::egui;

/// Draws `text` as a QR code `side` points wide; nothing when it is too long for one.
pub fn show(ui: &mut egui::Ui, text: &str, side: f32) -> Option<egui::Response> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    // Four modules of quiet zone around it.
    let modules = width + 8;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, egui::Color32::WHITE);
    let cell = side / modules as f32;
    for (i, color) in colors.iter().enumerate() {
        if *color == qrcode::Color::Dark {
            let (x, y) = ((i % width + 4) as f32, (i / width + 4) as f32);
            let min = rect.min + egui::vec2(x * cell, y * cell);
            let square = egui::Rect::from_min_size(min, egui::vec2(cell, cell));
            // A hair larger, so no seam shows between neighbours.
            painter.rect_filled(square.expand(0.25), 0.0, egui::Color32::BLACK);
        }
    }
    Some(response)
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_address_fits_a_code_a_phone_reads() {
        let code = qrcode::QrCode::new(b"http://192.168.100.200:7878/").unwrap();
        // Version 3 at most (29 modules): large squares on a big screen.
        assert!(code.width() <= 29, "{}", code.width());
    }
}
