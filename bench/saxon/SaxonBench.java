/*
 * Reference timing for the official CEN EN 16931 validation artefacts on Saxon-HE (9.9 s9api).
 *
 *   java -cp Saxon-HE.jar:CLASSES SaxonBench [--warmup W] [--repeat M] UBL.xslt CII.xslt FILE...
 *
 * Mirrors what a production Schematron/XSLT validator does (KoSIT validator, phive, the
 * ConnectingEurope test harness): the two stylesheets are compiled ONCE into XsltExecutables;
 * for every document a fresh XsltTransformer is loaded from the executable, the document is
 * parsed from its bytes (parsing is part of the work, as it is for einvoice_bench) and the
 * SVRL report is streamed into a destination that keeps nothing but the number of
 * svrl:failed-assert elements (so the work cannot be optimised away, and their total is
 * printed as a checksum). All files are read into memory before any timing starts.
 *
 * Routing is by root element: Invoice / CreditNote -> UBL stylesheet, CrossIndustryInvoice ->
 * CII stylesheet; other roots are skipped with a warning. Single thread, like einvoice_bench.
 */
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import javax.xml.transform.stream.StreamSource;

import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.SAXDestination;
import net.sf.saxon.s9api.SaxonApiException;
import net.sf.saxon.s9api.XsltCompiler;
import net.sf.saxon.s9api.XsltExecutable;
import net.sf.saxon.s9api.XsltTransformer;

import org.xml.sax.Attributes;
import org.xml.sax.helpers.DefaultHandler;

public final class SaxonBench {
    private static final String SVRL = "http://purl.oclc.org/dsdl/svrl";

    /** Discards the SVRL stream, counting failed asserts (and fired rules, as a sanity check). */
    private static final class FailedAssertCounter extends DefaultHandler {
        long failed, fired;

        @Override
        public void startElement(String uri, String local, String qName, Attributes atts) {
            if (SVRL.equals(uri)) {
                if ("failed-assert".equals(local))
                    failed++;
                else if ("fired-rule".equals(local))
                    fired++;
            }
        }
    }

    private static long firedRules;

    private static final class Doc {
        final String systemId;
        final byte[] bytes;
        final boolean ubl;

        Doc(String systemId, byte[] bytes, boolean ubl) {
            this.systemId = systemId;
            this.bytes = bytes;
            this.ubl = ubl;
        }
    }

    /** Local name of the root element, or null if the bytes are not well-formed up to it. */
    private static String rootName(XMLInputFactory f, byte[] b) {
        try {
            XMLStreamReader r = f.createXMLStreamReader(new ByteArrayInputStream(b));
            try {
                while (r.hasNext())
                    if (r.next() == XMLStreamConstants.START_ELEMENT)
                        return r.getLocalName();
            } finally {
                r.close();
            }
        } catch (Exception e) {
            return null;
        }
        return null;
    }

    private static XsltExecutable compile(Processor p, String path) throws SaxonApiException {
        XsltCompiler c = p.newXsltCompiler();
        return c.compile(new StreamSource(Paths.get(path).toFile()));
    }

    /** One validation the way a validator service does it; returns the failed-assert count. */
    private static long validate(XsltExecutable exe, Doc d) throws SaxonApiException {
        XsltTransformer t = exe.load();
        FailedAssertCounter h = new FailedAssertCounter();
        t.setSource(new StreamSource(new ByteArrayInputStream(d.bytes), d.systemId));
        t.setDestination(new SAXDestination(h));
        t.transform();
        firedRules += h.fired;
        return h.failed;
    }

    /** Runs every document once; returns the total failed asserts of the pass. */
    private static long pass(XsltExecutable ubl, XsltExecutable cii, List<Doc> docs)
            throws SaxonApiException {
        long failed = 0;
        for (Doc d : docs)
            failed += validate(d.ubl ? ubl : cii, d);
        return failed;
    }

    private static void usage() {
        System.err.println("usage: SaxonBench [--warmup W] [--repeat M] UBL.xslt CII.xslt FILE...");
        System.exit(2);
    }

    public static void main(String[] args) throws Exception {
        int warmup = 3, repeat = 10, i = 0;
        boolean verbose = false;
        for (; i < args.length && args[i].startsWith("--"); i++) {
            if (args[i].equals("--warmup") && i + 1 < args.length)
                warmup = Integer.parseInt(args[++i]);
            else if (args[i].equals("--repeat") && i + 1 < args.length)
                repeat = Integer.parseInt(args[++i]);
            else if (args[i].equals("--verbose"))
                verbose = true;
            else
                usage();
        }
        if (args.length - i < 3 || repeat < 1 || warmup < 0)
            usage();
        String ublXslt = args[i++], ciiXslt = args[i++];

        XMLInputFactory xf = XMLInputFactory.newInstance();
        List<Doc> docs = new ArrayList<>();
        long bytes = 0;
        int nUbl = 0, nCii = 0;
        for (; i < args.length; i++) {
            Path p = Paths.get(args[i]);
            byte[] b;
            try {
                b = Files.readAllBytes(p);
            } catch (IOException e) {
                System.err.println("saxon: cannot read " + p);
                continue;
            }
            String root = rootName(xf, b);
            boolean ubl;
            if ("Invoice".equals(root) || "CreditNote".equals(root))
                ubl = true;
            else if ("CrossIndustryInvoice".equals(root))
                ubl = false;
            else {
                System.err.println("saxon: skipped " + p + " (root " + root + ")");
                continue;
            }
            docs.add(new Doc(p.toAbsolutePath().toUri().toString(), b, ubl));
            bytes += b.length;
            if (ubl)
                nUbl++;
            else
                nCii++;
        }
        if (docs.isEmpty()) {
            System.err.println("saxon: no UBL or CII documents");
            System.exit(2);
        }

        Processor proc = new Processor(false);
        long c0 = System.nanoTime();
        XsltExecutable ubl = compile(proc, ublXslt);
        XsltExecutable cii = compile(proc, ciiXslt);
        double compileMs = (System.nanoTime() - c0) / 1e6;

        /* Warm-up: JIT, class loading, Saxon's lazily built structures. */
        long w0 = System.nanoTime(), warmFailed = -1;
        for (int w = 0; w < warmup; w++)
            warmFailed = pass(ubl, cii, docs);
        double warmMs = (System.nanoTime() - w0) / 1e6;

        long total = 0, first = -1;
        firedRules = 0;
        java.lang.management.OperatingSystemMXBean os =
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        com.sun.management.OperatingSystemMXBean sun = os instanceof com.sun.management.OperatingSystemMXBean
                ? (com.sun.management.OperatingSystemMXBean) os : null;
        long cpu0 = sun != null ? sun.getProcessCpuTime() : -1;
        long t0 = System.nanoTime(), best = Long.MAX_VALUE;
        for (int r = 0; r < repeat; r++) {
            long pr = System.nanoTime();
            long f = pass(ubl, cii, docs);
            long took = System.nanoTime() - pr;
            best = Math.min(best, took);
            if (verbose)
                System.err.printf("saxon: pass %d: %.2f ms/doc%n", r + 1, took / 1e6 / docs.size());
            if (first < 0)
                first = f;
            else if (f != first)
                System.err.println("saxon: warning: failed-assert count changed between passes");
            total += f;
        }
        double ms = (System.nanoTime() - t0) / 1e6 / ((double) repeat * docs.size());
        double cpuMs = cpu0 >= 0 ? (sun.getProcessCpuTime() - cpu0) / 1e6 / ((double) repeat * docs.size()) : -1;

        String parser;
        try {
            org.xml.sax.XMLReader xr = proc.getUnderlyingConfiguration().getSourceParser();
            parser = xr.getClass().getName();
            proc.getUnderlyingConfiguration().reuseSourceParser(xr);
        } catch (Exception e) {
            parser = "?";
        }
        System.out.printf("saxon: Saxon-HE %s, XML parser %s, Java %s%n", proc.getSaxonProductVersion(), parser,
                System.getProperty("java.version"));
        System.out.printf("saxon: %d UBL + %d CII documents (%.1f KiB average), stylesheets compiled in %.0f ms, "
                + "warm-up %d passes in %.0f ms%n", nUbl, nCii, bytes / 1024.0 / docs.size(), compileMs, warmup,
                warmMs);
        System.out.printf("saxon: failed asserts per pass: %d (warm-up %d), total over timed passes: %d; "
                + "fired rules per pass: %d%n", first, warmFailed, total, firedRules / repeat);
        if (cpuMs >= 0)
            System.out.printf("saxon: process CPU time %.2f ms/doc (all JVM threads, incl. GC and JIT)%n", cpuMs);
        System.out.printf("saxon: best pass %.3f ms/doc (wall)%n", best / 1e6 / docs.size());
        System.out.printf("saxon: %.2f ms/doc (%d docs, %d repeats)%n", ms, docs.size(), repeat);
    }
}
