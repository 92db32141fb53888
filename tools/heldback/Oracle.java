import net.sf.saxon.s9api.*;
import javax.xml.transform.stream.StreamSource;
import java.io.*;
import java.util.*;

/*
 * The official verdict of a document: its chain of compiled Schematron XSLTs run on Saxon-HE
 * (9.9 s9api), the ids of the SVRL failed-assert / successful-report elements split by flag
 * (fatal or error -> fatal, warning -> warning; XRechnung "information" is left out, as in
 * ../shared/conformance). Used by heldback.py.
 *
 *   java -cp Saxon-HE.jar:CLASSES Oracle CHAINS < JOBS
 *
 * CHAINS: lines "<chain> xslt ...". JOBS (stdin): lines "<chain>\t<file>".
 * stdout: one JSON line per job: chain, file, fatal ids, warning ids, error ("" when none).
 */
public class Oracle {
  static String js(Collection<String> s) {
    StringBuilder b = new StringBuilder("[");
    for (String x : s) { if (b.length() > 1) b.append(','); b.append('"').append(x).append('"'); }
    return b.append(']').toString();
  }
  public static void main(String[] a) throws Exception {
    Processor p = new Processor(false);
    XsltCompiler c = p.newXsltCompiler();
    Map<String, List<XsltExecutable>> chains = new HashMap<>();
    for (String line : java.nio.file.Files.readAllLines(new File(a[0]).toPath())) {
      String[] f = line.trim().split("\\s+");
      List<XsltExecutable> l = new ArrayList<>();
      for (int i = 1; i < f.length; i++) l.add(c.compile(new StreamSource(new File(f[i]))));
      chains.put(f[0], l);
    }
    XPathCompiler xp = p.newXPathCompiler();
    xp.declareNamespace("svrl", "http://purl.oclc.org/dsdl/svrl");
    XPathExecutable q = xp.compile("//svrl:failed-assert|//svrl:successful-report");
    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
    String line;
    while ((line = r.readLine()) != null) {
      String[] kv = line.split("\t");
      TreeSet<String> fatal = new TreeSet<>(), warn = new TreeSet<>();
      String err = "";
      for (XsltExecutable x : chains.get(kv[0])) {
        try {
          XsltTransformer t = x.load();
          t.setSource(new StreamSource(new File(kv[1])));
          XdmDestination d = new XdmDestination();
          t.setDestination(d);
          t.transform();
          XPathSelector s = q.load();
          s.setContextItem(d.getXdmNode());
          for (XdmItem it : s) {
            XdmNode n = (XdmNode) it;
            String id = n.getAttributeValue(new QName("id"));
            String flag = n.getAttributeValue(new QName("flag"));
            if ("fatal".equals(flag) || "error".equals(flag)) fatal.add(id);
            else if ("warning".equals(flag)) warn.add(id);
          }
        } catch (Exception e) { err = e.toString().replace('"', '\'').replace('\\', '/'); }
      }
      System.out.println("{\"chain\":\"" + kv[0] + "\",\"file\":\"" + kv[1].replace("\"", "\\\"") + "\",\"fatal\":" + js(fatal) + ",\"warning\":" + js(warn) + ",\"error\":\"" + err + "\"}");
      System.out.flush();
    }
  }
}
