// Stop words: the words a text analysis leaves out. STOP_WORDS is the list: function words, which carry grammar, not
// content. Two are frozen forms of their own, kept because what they produced is stored: a fact's fingerprint
// (restated facts are matched against fingerprints stored earlier) and a hashing vector (compared with vectors stored
// under the same embedder id); changing either changes a stored format and needs a migration or a new embedder id,
// not an edit here. The last is Lucene's, which the full-text indexes apply.

/** Function words: they carry grammar, not content (written with apostrophes, as analysis words keep them). */
export const STOP_WORDS = new Set(
  (
    "a an the and or but so if then than that this these those there here it it's its is are was were be been being am " +
    "i i'm i've i'd i'll me my mine myself we we're we've we'll us our ours you you're your yours he he's him his she she's her hers " +
    "they they're them their theirs what which who whom whose when where why how do does did done doing have has had having " +
    'to of in on at by for with about from into onto over under up down out off as just very really also too not no nor ' +
    "can could will would shall should may might must 'll 's 'm 've 'd can't don't didn't doesn't won't wouldn't isn't aren't " +
    "wasn't weren't haven't hasn't hadn't cant dont didnt doesnt wont im ive some any all each every much many more most " +
    'such own same other another again still even only ever yet already now then because while since until though although ' +
    'get got gets getting go goes going went gone thing things stuff like lot lots bit kinda sorta gonna wanna gotta oh well ' +
    'yeah yes ok okay one'
  ).split(' '),
);

/** Words that on their own make a greeting, an acknowledgement or a filler ("ok cool", "thanks so much!", "how are you?"). */
export const FILLER_WORDS = new Set(
  (
    'hi hello hey heya hiya yo sup howdy greetings thanks thank thx ty tysm you u ya yall so much very lol lmao lmfao rofl ' +
    'haha hahaha hahahaha hehe heh xd ok okay okey k kk cool nice great awesome sure yes yeah yep yup ya no nope nah good ' +
    "morning night evening afternoon day bye goodbye cya see later how are is it going what's whats up sounds got it makes " +
    'sense i me too same wow oh ah aha hmm hm hmmm uh um umm well fine alright right true exactly indeed perfect lovely ' +
    "cheers np welcome doing and a lot sweet yay omg lovely that's thats that this the there again really glad to hear " +
    "agreed agree totally definitely absolutely of course course please pls plz all im i'm just for your help appreciate " +
    "it's its gotcha noted understood interesting neat fair enough bro dude man buddy all's sir madam folks everyone " +
    "guys hru wbu wby you're youre nm nothing much ty np haha amazing brilliant excellent"
  ).split(' '),
);

/** Frozen: the stop words of a fact's fingerprint (src/ingest/fingerprint.ts). */
export const FINGERPRINT_STOP_WORDS = new Set(
  (
    'a an the and or but so of to in on at for with by from as is am are was were be been being it its this that ' +
    'these those i me my mine we us our you your he him his she her they them their there here just really very too ' +
    'also quite pretty lol haha ok okay oh um uh like'
  ).split(' '),
);

/** Frozen: the stop words of the hashing embedder (local-hash-v1), whose words have no apostrophes ("dont", "s", "t"). */
export const HASH_EMBEDDING_STOP_WORDS = new Set(
  (
    'a an the and or but if so than then too very just also only of at by for with about to from in on into onto ' +
    'over under up down out off as is am are was were be been being have has had having do does did doing will ' +
    'would shall should can could may might must i me my mine myself we us our ours you your yours he him his ' +
    'she her hers it its they them their theirs this that these those there here what which who whom whose when ' +
    'where why how all any some no not nor each every such own same other more most much many few again once ' +
    'im ive id ill youre youve hes shes its were theyre thats dont doesnt didnt isnt arent wasnt werent cant wont ' +
    'get got really yes yeah ok okay oh s t d ll re ve m'
  ).split(' '),
);

/** Lucene's EnglishAnalyzer stop words: a full-text search term that is one would be analysed away (src/retrieval/lucene.ts). */
export const LUCENE_ENGLISH_STOP_WORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
);
