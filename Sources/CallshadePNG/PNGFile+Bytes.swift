import CallshadeCore

extension PNGFile {
    /// The bytes `write` would put in a file for `image` (the same encoder,
    /// the same settings), for a reply that is not a file: the studio's frames.
    /// `name` stands for the file in an error.
    public static func bytes(of image: RGBAImage, name: String = "frame") throws -> [UInt8] {
        try encode(image, path: name)
    }
}
