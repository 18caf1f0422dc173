extension Stroke {
    /// Its tool's chosen width W on a canvas whose longer side is
    /// `longerSide` (`drawing.md` sections 1 to 4): the pen's range for the
    /// pen and neon, the marker's for the marker and pencil, the eraser's for
    /// the eraser and the blur; none for the lasso.
    public func chosenWidth(longerSide: Double) -> Double {
        switch tool {
        case .pen, .neon: PenWidthRange(longerSide: longerSide, size: size).width
        case .marker, .pencil: StampWidthRange(longerSide: longerSide, size: size).width
        case .eraser, .blur: PenWidthRange.eraser(longerSide: longerSide, size: size).width
        case .lasso: 0
        }
    }
}
