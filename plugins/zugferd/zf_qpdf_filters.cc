// The bridge that bounds qpdf's own stream decoding. qpdf decodes some streams while it
// reads a file: cross-reference streams at open, object streams (/ObjStm) when it resolves
// an object stored in one, and it keeps the whole result in memory. A Flate bomb there
// would cost gigabytes before the plugin sees anything. qpdf lets a program register the
// decoder of a filter name (QPDF::registerStreamFilter), so the five general filters are
// registered here with the plugin's streaming decoders (zf_decode.c): each stage stops at
// the active budget's max_decoded and at its deadline by throwing, which qpdf turns into a
// warning and an undecodable stream. The thread remembers that a limit was hit so the
// plugin can report it (zf_qpdf_limit_take), and until then every further decode qpdf asks
// for fails at once: a file of many bomb object streams costs one bomb, not one per stream.
//
// The registration is process-wide and holds code of this plugin, so the plugin is linked
// with -z nodelete (never unmapped while qpdf may call it).
#define POINTERHOLDER_TRANSITION 4   // qpdf 11: std::shared_ptr only, no PointerHolder
#include <qpdf/Pipeline.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFStreamFilter.hh>

#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

extern "C" {
#include <einvoice/limits.h>
#include "zf_decode.h"
#include "zf_qpdf_filters.h"
}

namespace
{
thread_local int limit_hit;   // ZF_DEC_LIMIT or ZF_DEC_TIME once a stage stopped on one

// One decoding stage as a qpdf pipeline: input through zf_stage_step, output on to next.
class StagePipeline : public Pipeline
{
  public:
    StagePipeline(zf_stage_t *st, Pipeline *next) : Pipeline("zf decode", next), st(st) {}
    ~StagePipeline() override { zf_stage_free(st); }
    void write(unsigned char const *data, size_t len) override
    {
        if (failed)   // a later stage stopped: make the earlier ones stop too
            throw std::runtime_error("stream decoding stopped");
        run(data, len, 0);
    }
    void finish() override
    {
        if (failed)
            return;   // qpdf finishes a pipeline after a throw: nothing more to give
        run(nullptr, 0, 1);
        getNext()->finish();
    }

  private:
    zf_stage_t *st;
    bool done = false, failed = false;
    size_t produced = 0, since_clock = 0;
    unsigned char buf[16 * 1024];

    void stop(int why, const char *what)
    {
        failed = true;
        if (why)
            limit_hit = why;
        throw std::runtime_error(what);
    }
    void run(unsigned char const *in, size_t inlen, int last)
    {
        if (limit_hit)   // one stream of this document passed a limit: decode no more of them
            stop(limit_hit, "an earlier stream of this document passed a limit");
        const einv_limits_t *l = einv_limits_active();
        size_t cap = l ? l->max_decoded : (size_t)64 << 20;
        uint64_t deadline = einv_deadline_active_ns();
        while (!done && !failed) {
            size_t got = 0;
            int rc = zf_stage_step(st, &in, &inlen, buf, sizeof buf, &got, last);
            if (rc < 0)
                stop(0, "corrupt stream data");
            if ((produced += got) > cap)
                stop(ZF_DEC_LIMIT, "stream decodes to more than the max_decoded limit");
            if ((since_clock += got) >= ZF_DEC_CLOCK_EVERY) {
                since_clock = 0;
                if (deadline && einv_now_ns() >= deadline)
                    stop(ZF_DEC_TIME, "the validation's time limit passed while decoding");
            }
            if (got) {
                try {
                    getNext()->write(buf, got);
                } catch (...) {
                    failed = true;
                    throw;
                }
            }
            if (rc == ZF_DEC_DONE)
                done = true;
            else if (!got && !inlen && !last)
                break;
        }
    }
};

// A filter name's decoder: the base stage and, for Flate and LZW, the predictor.
class Filter : public QPDFStreamFilter
{
  public:
    explicit Filter(zf_filter_kind kind) { zf_filter_init(&f, kind); }
    bool setDecodeParms(QPDFObjectHandle parms) override
    {
        if (parms.isNull())
            return true;
        if (!parms.isDictionary())
            return false;
        if (f.kind == ZF_F_FLATE || f.kind == ZF_F_LZW) {
            get_int(parms, "/Predictor", f.predictor);
            get_int(parms, "/Colors", f.colors);
            get_int(parms, "/BitsPerComponent", f.bpc);
            get_int(parms, "/Columns", f.columns);
            if (f.kind == ZF_F_LZW)
                get_int(parms, "/EarlyChange", f.early_change);
        }
        return zf_filter_check(&f) == ZF_DEC_OK;
    }
    Pipeline *getDecodePipeline(Pipeline *next) override
    {
        if (f.predictor > 1 && (f.kind == ZF_F_FLATE || f.kind == ZF_F_LZW)) {
            zf_filter_t p = f;
            p.kind = ZF_F_PREDICTOR;
            next = add(p, next);
        }
        return add(f, next);
    }

  private:
    zf_filter_t f;
    std::vector<std::unique_ptr<StagePipeline>> stages;

    static void get_int(QPDFObjectHandle d, const char *key, int &out)
    {
        QPDFObjectHandle v = d.getKey(key);
        if (v.isInteger() && v.getIntValue() >= -1000000000LL && v.getIntValue() <= 1000000000LL)
            out = (int)v.getIntValue();
    }
    Pipeline *add(const zf_filter_t &fl, Pipeline *next)
    {
        zf_stage_t *st = zf_stage_new(&fl);
        if (!st)
            throw std::runtime_error("cannot set up a stream decoder");
        stages.emplace_back(new StagePipeline(st, next));
        return stages.back().get();
    }
};

void register_all()
{
    static const struct {
        const char *name;
        zf_filter_kind kind;
    } names[] = {{"/FlateDecode", ZF_F_FLATE},         {"/LZWDecode", ZF_F_LZW},
                 {"/RunLengthDecode", ZF_F_RUNLENGTH}, {"/ASCIIHexDecode", ZF_F_ASCIIHEX},
                 {"/ASCII85Decode", ZF_F_ASCII85}};
    for (const auto &n : names) {
        zf_filter_kind k = n.kind;
        QPDF::registerStreamFilter(n.name, [k]() { return std::make_shared<Filter>(k); });
    }
}
} // namespace

extern "C" int zf_qpdf_filters_register(void)
{
    static std::once_flag once;
    try {
        std::call_once(once, register_all);
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" int zf_qpdf_limit_take(void)
{
    int r = limit_hit;
    limit_hit = 0;
    return r;
}
