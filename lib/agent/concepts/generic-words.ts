/**
 * Words of a question that name neither a concept, a company, a period nor a scope: question words,
 * auxiliaries, pronouns, units and everyday filler ("what was the total …", "how big is …",
 * "give me …", "in millions"). What is left of a question after its concept, company and period,
 * less these words, names the part of the company it asks about ("iPhone", "Americas",
 * "the Space segment"): a scope no company-wide figure answers.
 */
export const GENERIC_WORDS = new Set(
  (
    "a an the of in on at for from to by with about as and or vs versus per " +
    "what whats what's which who whom whose where when why how much many big large small " +
    "is are was were be been being do does did done has have had will would could should can may might shall " +
    "it its it's they them their theirs he she his her we our us you your i me my this that these those there here " +
    "give show tell find get list please pull report reported reports state stated say said " +
    "total overall whole entire company company's companies group consolidated business firm corporation corp inc " +
    "figure figures number numbers amount amounts count counts value values level levels size sum " +
    "year years yr fy fiscal annual annually quarter quarterly q1 q2 q3 q4 month months period periods ended ending end " +
    "latest last current currently now today recent most prior previous before after ago so far earlier later next following preceding start beginning exiting " +
    "usd dollars dollar money eur euro euros sek gbp million millions mm mn billion billions bn thousand thousands k % percent percentage " +
    "roughly approximately about around almost nearly exactly just only also again then actually really basically essentially still anymore yet back " +
    "up down over under more less than compared vs yoy growth grow grew change changed difference divided cagr compound compounded " +
    "spend spent spending expense expenses cost costs charge charges make made bring brought generate generated earn earned put into new " +
    "sell sells sold selling ship ships shipped shipping move moves moved moving deliver delivers delivered buy buys buying bought purchase purchasing pay pays paying paid " +
    "throw throws threw thrown rake rakes raked haul hauls hauled sit sits sitting sat contribute contributes contributed contributing hand hands handed handing shell shelled fork forked pour pours poured pouring " +
    "got gets getting gotten fast faster quickly quick run runs running ran perform performed performing fare fared faring doing book booked record recorded recognize recognized recognise recognised incur incurred take took taken " +
    "did they any ever never name names named called left come comes came coming " +
    "base judgment judgments information provided provide providing primarily response question using rely relying details shown assume assuming analyst " +
    "bigger larger smaller good bad well badly strong weak strongly weakly cliff high low balance balances " +
    "biggest largest smallest highest lowest leading top drove drive drives driven driver drivers driving cause caused causes causing reason reasons explain explains explained behind happen happened happening " +
    "eating eat eats ate weighing weigh weighs weighed squeezing squeezed hurting hurt hurts pressuring pressured dragging dragged push pushed pushes pushing " +
    "between among across against compare compared comparison comparing relative respect regarding during within through throughout since until while whereas into onto via " +
    "expect expected expects expecting future past history historical trend trends going forward look looking like " +
    "based basis terms term result results according rate rates ratio ratios " +
    "average averaged avg mean median share portion proportion fraction part slice chunk piece went go goes going keep kept ended end up " +
    "answer answers respond round rounded rounding decimal decimals place places dp one two three four five " +
    "unadjusted reported gaap worth valued using use used calculate calculated compute computed work out " +
    "forecast forecasts forecasted actual actuals budget budgeted plan planned guidance guide guides guided guiding outlook projection projections projected target targets estimate estimates " +
    "management presentation deck report reports annual quarterly filing filings document documents 10-k 10k 10-q 10q minutes " +
    "statement statements sheet sheets shareholders stockholders common owe owed owes add adds added altogether all stack stacks " +
    "january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec " +
    "develop developed development evolve evolved evolution trajectory progression board directors " +
    "first second third fourth 1st 2nd 3rd 4th half halves nine six three twelve full ended ending"
  ).split(/\s+/),
);

/**
 * Words a table row's label may add to a concept's name and still be the concept itself ("Total
 * backlog", "Net debt (non-GAAP measure)", "Total Americas Segment", "Total Systemwide
 * restaurants": the whole, franchised and owned), as stems.
 */
export const PLAIN_LABEL_STEMS = new Set(["total", "the", "at", "from", "for", "in", "on", "to", "year", "end", "of", "period", "consolid", "compani", "as", "s", "a", "b", "c", "1", "2", "3", "non", "gaap", "measur", "and", "segment", "busi", "group", "divis", "region", "systemwid", "worldwid"]);

/**
 * Words a table row's label adds to the thing a question spends or earns on ("how much did they spend
 * on demand creation" → "Demand creation expense", "restructuring" → "Restructuring charges"): the
 * row is the figure asked.
 */
export const MEASURE_WORDS = new Set(["expense", "expenses", "cost", "costs", "charge", "charges", "spending", "amount", "amounts"]);

/** Head nouns of a figure the catalog need not know ("content obligations", "tax reserves", "royalty fees"). */
export const FIGURE_HEADS = new Set(["obligations", "obligation", "liabilities", "liability", "reserves", "reserve", "commitments", "commitment", "assets", "asset", "payables", "receivables", "borrowings", "provisions", "provision", "accruals", "balances", "balance", "investments", "losses", "gains", "deposits", "fees", "royalties", "taxes", "rates", "rate", "ratio", "ratios", "prices", "price", "volumes", "volume", "backlog", "headcount", "margins", "costs", "expenses", "charges", "payments", "spend"]);

/**
 * The grammar among the generic words: articles, prepositions, question words, auxiliaries,
 * pronouns and request verbs. A figure named only by generic nouns ("take rate", "run rate") is
 * what is left once these go.
 */
export const GRAMMAR_WORDS = new Set(
  (
    "a an the of in on at for from to by with about as and or vs versus per " +
    "what whats what's which who whom whose where when why how much many " +
    "is are was were be been being do does did done has have had will would could should can may might shall " +
    "it its it's they them their theirs he she his her we our us you your i me my this that these those there here " +
    "give show tell find get list please pull " +
    "stack stacks stacked up against compare compares compared comparing relative start beginning " +
    "year years yr fy fiscal annual quarter quarterly month months period latest last current currently now today recent most prior previous"
  ).split(/\s+/),
);

/**
 * A rate that is an amount per period, not a percentage: a "run rate" (annualised revenue) or a
 * "burn rate" (cash spent a month) is stated in money.
 */
export const AMOUNT_RATE = /\b(?:run|burn)[\s-]rates?\b/gi;
