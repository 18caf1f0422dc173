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

    /// For each font of the screen: its file, and for text fonts what
    /// fontconfig is asked for the characters it lacks (nil: icons and
    /// emoji, which draw their own set or nothing).
    public let fonts: [TextFont: (primary: FontFile, fallback: FallbackRequest?)]

    public init(fonts: [TextFont: (primary: FontFile, fallback: FallbackRequest?)]) {
        self.fonts = fonts
    }

    /// The fonts of a Debian 12 system with fonts-inter (Regular, Medium, SemiBold, Bold),
    /// fonts-material-design-icons-iconfont and fonts-noto-color-emoji
    /// installed. What Inter lacks comes from DejaVu Sans where it has it
    /// (fonts-dejavu-core), then from the faces fontconfig ranks next
    /// (fonts-noto-core and fonts-noto-cjk cover the world's scripts).
    public static let debian = FontBook(fonts: [
        .regular: (FontFile(name: "Inter Regular", path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", package: "fonts-inter"),
                   FallbackRequest(families: ["Inter", "DejaVu Sans"], weight: 80)),
        .semibold: (FontFile(name: "Inter SemiBold", path: "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", package: "fonts-inter"),
                    FallbackRequest(families: ["Inter", "DejaVu Sans"], weight: 180)),
        .medium: (FontFile(name: "Inter Medium", path: "/usr/share/fonts/opentype/inter/Inter-Medium.otf", package: "fonts-inter"),
                  FallbackRequest(families: ["Inter", "DejaVu Sans"], weight: 100)),
        .bold: (FontFile(name: "Inter Bold", path: "/usr/share/fonts/opentype/inter/Inter-Bold.otf", package: "fonts-inter"),
                FallbackRequest(families: ["Inter", "DejaVu Sans"], weight: 200)),
        .icons: (FontFile(name: "Material Icons",
                          path: "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf",
                          package: "fonts-material-design-icons-iconfont"), nil),
        .emoji: (FontFile(name: "Noto Color Emoji", path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
                          package: "fonts-noto-color-emoji"), nil),
    ])

    /// The file of `font`, checked to exist, and its fallback request.
    package func files(of font: TextFont) throws(TextFailure) -> (primary: FontFile, fallback: FallbackRequest?) {
        guard let files = fonts[font] else {
            throw .missingFont(name: font.rawValue, path: "(none configured)", package: "a font for \(font.rawValue)")
        }
        guard FileManager.default.fileExists(atPath: files.primary.path) else {
            throw .missingFont(name: files.primary.name, path: files.primary.path, package: files.primary.package)
        }
        return files
    }
}
