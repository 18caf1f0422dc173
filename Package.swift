// swift-tools-version:6.0
import PackageDescription

// No target that a library product contains carries `unsafeFlags`: SwiftPM
// refuses them in a package used as a dependency at a version, and callshade's
// libraries are meant to be used that way. Speed comes from the release
// build, which every script, the tests' included (Scripts/test), uses; a debug
// build is unoptimised, for the debugger. Only the test target (in no product)
// sets its own optimisation, below.
//
// The tests are optimised for size: their loops run about as fast as with
// -O and they compile sooner (measured on two cores: unoptimised tests
// compile in 14 s of CPU time and run 20 s longer; -O compiles in 41 to 46,
// -Osize in 37).
let optimisedTestsInDebug: [SwiftSetting] = [.unsafeFlags(["-Osize"], .when(configuration: .debug))]
// In release builds (Scripts/test's, with -enable-testing) the tests are not
// optimised, the modules they test are: optimised, the test module was one
// whole-module job on one core, alone on CI's critical path for most of a
// minute; -Onone compiles it in about a third of the time, and the tests then
// take about 7 % more CPU time, side by side on the cores (measured on two).
let testsInRelease: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]

let package = Package(
    name: "callshade",
    products: [
        .executable(name: "callshade", targets: ["callshade"]),
        .library(name: "CallshadeSystem", targets: ["CallshadeSystem"]),
        .library(name: "CallshadeCore", targets: ["CallshadeCore"]),
        .library(name: "CallshadeJSON", targets: ["CallshadeJSON"]),
        .library(name: "CallshadeGL", targets: ["CallshadeGL"]),
        .library(name: "CallshadePNG", targets: ["CallshadePNG"]),
        .library(name: "CallshadeAudio", targets: ["CallshadeAudio"]),
        .library(name: "CallshadeText", targets: ["CallshadeText"]),
        .library(name: "CallshadeReport", targets: ["CallshadeReport"]),
        .library(name: "CallshadeVideo", targets: ["CallshadeVideo"]),
        .library(name: "CallshadeRender", targets: ["CallshadeRender"]),
        .library(name: "CallshadeSVG", targets: ["CallshadeSVG"]),
        .library(name: "CallshadeLottie", targets: ["CallshadeLottie"]),
        .library(name: "CallshadeKinds", targets: ["CallshadeKinds"]),
        .library(name: "CallshadeStudio", targets: ["CallshadeStudio"]),
    ],
    dependencies: [
        // Pinned to one minor version: Sources/callshade/Diagnostics/Diagnostic+Thrown.swift
        // reads ArgumentParser's internals through `Mirror` (to find a Diagnostic
        // inside the error it wraps), and a minor release may change their layout.
        // 1.8.2 is the version the tests pass with (and the only one the local
        // package mirror has: a range from 1.5.0 would not resolve).
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
        // The studio's HTTP server (`callshade studio`): small, on BSD sockets and
        // Swift concurrency, no SwiftNIO (Hummingbird's would cost CI minutes).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // C at the edge: system libraries, found through pkg-config.
        .systemLibrary(name: "CEGL", pkgConfig: "egl glesv2 gbm",
                       providers: [.apt(["libegl-dev", "libgles-dev", "libgbm-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile",
                       providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi",
                       providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CYAJL", pkgConfig: "yajl",
                       providers: [.apt(["libyajl-dev"])]),
        .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0",
                       providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CRlottie", pkgConfig: "rlottie",
                       providers: [.apt(["librlottie-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CAVCodec", pkgConfig: "libavformat libavcodec libavutil libswscale",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]),

        // The one calls layer for POSIX (descriptors, files, signals, spawning),
        // the staging of output files, and child processes fed through pipes.
        .target(name: "CallshadeSystem"),
        // The scene kernel: the scene and its nodes, geometry, tiles, motion, strokes, pictures, the CPU
        // reference, the shared scenario parser; pure Swift, no GL, no I/O (its parser looks at the files a
        // scenario names through what the reader gives it), and no kind: the kinds are CallshadeKinds'.
        .target(name: "CallshadeCore"),
        // Scenario files: a streaming JSON reader on yajl, with limits.
        .target(name: "CallshadeJSON", dependencies: ["CallshadeCore", "CallshadeSystem", "CYAJL"]),
        // PNG reading and writing through libpng's simplified API.
        .target(name: "CallshadePNG", dependencies: ["CallshadeCore", "CallshadeSystem", "CPNG"]),
        // Audio decoding through libsndfile.
        .target(name: "CallshadeAudio", dependencies: ["CallshadeCore", "CallshadeSystem", "CSndFile"]),
        // Text: fonts found (fontconfig picks what the screen's fonts lack), put in
        // visual order (FriBidi), shaped by HarfBuzz, rasterised by FreeType into the glyph atlas.
        .target(name: "CallshadeText", dependencies: ["CallshadeCore", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi"]),
        // Video inputs: pictures at any source time, decoded by FFmpeg's libraries, or a PNG still.
        .target(name: "CallshadeVideo", dependencies: ["CallshadeSystem", "CallshadeCore", "CallshadePNG", "CAVCodec"]),
        // SVG drawn by librsvg (the chat wallpaper's pattern), its references checked with GLib's GMarkup first.
        .target(name: "CallshadeSVG", dependencies: ["CallshadeCore", "CallshadeSystem", "CRsvg"]),
        // Lottie stickers (TGS: gzip'd Lottie JSON): inflated by zlib, checked by the JSON reader, drawn by rlottie.
        .target(name: "CallshadeLottie", dependencies: ["CallshadeCore", "CallshadeSystem", "CallshadeJSON", "CRlottie", "CZlib"]),
        // Review pictures: labels, heat maps, contact sheets.
        .target(name: "CallshadeReport", dependencies: ["CallshadeCore", "CallshadeText", "CallshadeVideo"]),
        // The GPU renderer: EGL + OpenGL ES 3, shaders embedded at build time.
        .target(name: "CallshadeGL", dependencies: ["CallshadeCore", "CallshadeSystem", "CEGL"], plugins: ["EmbedShaders"]),
        // Rendering a scenario to its outputs: the scenario's inputs (its file, fonts
        // checked, its recording), the frame pipeline, and the sinks (PNG frames, raw
        // frames, video through ffmpeg). A new input format goes in Inputs/, a new output format in Outputs/.
        .target(name: "CallshadeRender", dependencies: [
            "CallshadeSystem", "CallshadeCore", "CallshadeJSON", "CallshadePNG", "CallshadeAudio", "CallshadeText", "CallshadeVideo",
        ]),

        // The scene kinds, whole, a folder each: its models (scenario, timeline, screen, elements),
        // its frames (its inputs read, its screen made), its `validate` listing and its studio
        // marks; what every kind answers, and the one registration list, in Plugin/.
        .target(name: "CallshadeKinds", dependencies: [
            "CallshadeSystem", "CallshadeCore", "CallshadeJSON", "CallshadePNG", "CallshadeText", "CallshadeVideo", "CallshadeSVG", "CallshadeRender", "CallshadeAudio", "CallshadeReport",
            "CallshadeLottie",
        ]),

        // `callshade bench`: how it times (Run/), and each kind's rows in its own folder.
        .target(name: "CallshadeBench", dependencies: [
            "CallshadeSystem", "CallshadeCore", "CallshadeGL", "CallshadeRender", "CallshadeText", "CallshadeSVG", "CallshadeVideo", "CallshadeKinds", "CallshadeJSON",
            "CallshadeLottie", "CallshadeAudio",
        ]),

        // The studio (`callshade studio`): its HTTP server (FlyingFox), its page (Page/, embedded at
        // build time), frames drawn on a thread of its own, exports and comparisons through RenderJob.
        .target(name: "CallshadeStudio", dependencies: [
            "CallshadeSystem", "CallshadeCore", "CallshadeJSON", "CallshadePNG", "CallshadeRender", "CallshadeReport", "CallshadeVideo",
            "CallshadeKinds", .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
        ], exclude: ["Page"], plugins: ["EmbedStudioPage"]),

        .executableTarget(name: "callshade", dependencies: [
            "CallshadeSystem", "CallshadeCore", "CallshadeJSON", "CallshadeGL", "CallshadePNG", "CallshadeAudio", "CallshadeText", "CallshadeReport",
            "CallshadeRender", "CallshadeVideo", "CallshadeSVG", "CallshadeKinds", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            "CallshadeStudio", "CallshadeBench",
        ]),

        // Build-time embedding of files into the binary: Shaders/ (CallshadeGL).
        .executableTarget(name: "FileEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["FileEmbedder"]),
        // Build-time embedding of the studio's page (its Page/ folder: HTML, CSS, JavaScript) into the binary.
        .plugin(name: "EmbedStudioPage", capability: .buildTool(), dependencies: ["FileEmbedder"]),

        .testTarget(name: "CallshadeTests", dependencies: [
            "CallshadeSystem", "CallshadeCore", "CallshadeJSON", "CallshadeGL", "CallshadePNG", "CallshadeAudio", "CallshadeText", "CallshadeReport", "CallshadeRender", "callshade",
            "CallshadeVideo", "CallshadeSVG", "CallshadeKinds", "CallshadeStudio", "CallshadeBench", "CallshadeLottie",
        ], exclude: ["Fixtures"], swiftSettings: optimisedTestsInDebug + testsInRelease),
    ]
)
