import CallshadeCore
import Foundation

/// The font files the call screen is set in, from Debian packages
/// (call-screen-elements, section 0), and where each comes from.
public struct FontBook: Sendable {
    public struct FontFile: Equatable, Sendable {
        public let name: String
        public let path: String
        /// The Debian package that installs it.
        public let package: String

        public init(name: String, path: String, package: String) {
            self.name = name
            self.path = path
            self.package = package
        }
    }

    /// For each font of the screen: the font, and the one that draws what it lacks.
    public let fonts: [TextFont: (primary: FontFile, fallback: FontFile?)]

    public init(fonts: [TextFont: (primary: FontFile, fallback: FontFile?)]) {
        self.fonts = fonts
    }

    /// The fonts of a Debian 12 system with fonts-inter, fonts-dejavu-core,
    /// fonts-material-design-icons-iconfont and fonts-noto-color-emoji installed.
    public static let debian = FontBook(fonts: [
        .regular: (FontFile(name: "Inter Regular", path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", package: "fonts-inter"),
                   FontFile(name: "DejaVu Sans", path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", package: "fonts-dejavu-core")),
        .semibold: (FontFile(name: "Inter SemiBold", path: "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", package: "fonts-inter"),
                    FontFile(name: "DejaVu Sans Bold", path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", package: "fonts-dejavu-core")),
        .icons: (FontFile(name: "Material Icons",
                          path: "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf",
                          package: "fonts-material-design-icons-iconfont"), nil),
        .emoji: (FontFile(name: "Noto Color Emoji", path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
                          package: "fonts-noto-color-emoji"), nil),
    ])

    /// The files of `font`, each checked to exist.
    func files(of font: TextFont) throws(TextFailure) -> (primary: FontFile, fallback: FontFile?) {
        guard let files = fonts[font] else {
            throw .missingFont(name: font.rawValue, path: "(none configured)", package: "a font for \(font.rawValue)")
        }
        for file in [files.primary] + (files.fallback.map { [$0] } ?? []) where !FileManager.default.fileExists(atPath: file.path) {
            throw .missingFont(name: file.name, path: file.path, package: file.package)
        }
        return files
    }
}
