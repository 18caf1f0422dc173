#ifndef CALLSHADE_CAVCODEC_SHIM_H
#define CALLSHADE_CAVCODEC_SHIM_H
#include <errno.h>
#include <stdio.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

/* Values FFmpeg defines as macro expressions, which Swift cannot import. */
static const int callshade_averror_eof = AVERROR_EOF;
static const int callshade_averror_again = AVERROR(EAGAIN);
static const int callshade_averror_invalid_data = AVERROR_INVALIDDATA;
static const int callshade_averror_io = AVERROR(EIO);
static const int callshade_averror_not_permitted = AVERROR(EPERM);
static const int callshade_averror_no_memory = AVERROR(ENOMEM);
static const int callshade_averror_decoder_not_found = AVERROR_DECODER_NOT_FOUND;
static const int64_t callshade_av_nopts_value = AV_NOPTS_VALUE;
/* The `whence` values an AVIOContext's seek callback receives. */
static const int callshade_seek_set = SEEK_SET;
static const int callshade_seek_current = SEEK_CUR;
static const int callshade_seek_end = SEEK_END;
#endif
