import type { DemoTranslation } from './index.ts'

/**
 * The Barossa demo in German (issue 33 point 7), written for German-speaking visitors: the
 * place names stay as they are, "cellar door" becomes the tasting room a German reader knows.
 */
export const de: DemoTranslation = {
  pages: {
    '': {
      'header.title': 'Barossa',
      'header.flagText': 'Südaustralien',
      'header.description':
        'Weingüter und Landküchen, Ballons, die im Morgengrauen über die Reben schweben, und 150 Jahre Weinbau – eine Stunde nördlich von Adelaide.',
      'header.image.alt': 'Rebzeilen, die sich im Morgenlicht über die Hügel des Barossa Valley ziehen',
      'header.headerLinks.left.links.0.text': 'Ihren Besuch planen',
      'header.headerLinks.right.links.0.text': 'Erleben',
      title: 'Barossa',
      description:
        'Weingüter, lange Mittagessen, Heißluftballons im Morgengrauen und 150 Jahre Weinbau – eine Stunde nördlich von Adelaide.',
      'home-intro/title': 'Ein Tal, das sich Zeit lässt',
      'home-intro/subtitle':
        'Schlesische Siedler pflanzten hier in den 1840er-Jahren die ersten Reben, und ihre Enkel schenken den Wein noch heute aus. Wer für einen Tag kommt, möchte eine Woche bleiben: Shiraz von alten Reben, Bäckereien, die um sieben öffnen, Aussichtspunkte über ein Flickwerk aus Weinbergen und ein herzlicher Empfang in jedem Weingut.',
      'home-where-to-begin/title': 'Wo anfangen?',
      'home-where-to-begin/description': 'Vier Wege ins Barossa – ob Sie ein Wochenende haben oder eine ganze Woche.',
      'home-where-to-begin/button.text': 'Alle Erlebnisse',
      'home-where-to-begin/items.0.title': 'Weingüter',
      'home-where-to-begin/items.0.description':
        'Mehr als 80 – vom Familienkeller aus Blaustein bis zum großen Gut. Probieren Sie den Wein dort, wo er entsteht.',
      'home-where-to-begin/items.0.link.text': 'Weingut finden',
      'home-where-to-begin/items.1.title': 'Ballonfahrt im Morgengrauen',
      'home-where-to-begin/items.1.description':
        'Heben Sie vor Sonnenaufgang ab und gleiten Sie über den Talgrund, während sich der Nebel über den Reben auflöst.',
      'home-where-to-begin/items.1.link.text': 'Ab in die Luft',
      'home-where-to-begin/items.2.title': 'Der Barossa Trail',
      'home-where-to-begin/items.2.description':
        'Ein asphaltierter, fast ebener Weg zwischen Gawler und Angaston, die Weingüter nur einen kurzen Abstecher entfernt.',
      'home-where-to-begin/items.2.link.text': 'Mit dem Rad los',
      'home-where-to-begin/items.3.title': 'Bauernmarkt',
      'home-where-to-begin/items.3.description':
        'Samstagvormittags in Angaston: Brot aus dem Holzofen, Mettwurst, Steinobst und ein sehr guter Kaffee.',
      'home-where-to-begin/items.3.link.text': 'Zum Markt',
      'home-quote/text':
        'Wir kamen zum Mittagessen und sind drei Tage geblieben. In jedem Ort gab es noch eine Bäckerei, noch ein Weingut, noch eine Familie, die uns ihre Geschichte erzählen wollte.',
      'home-quote/quotee': 'Sarah und James, zu Besuch aus Melbourne',
      'home-stay-a-while/heading': 'Bleiben Sie eine Weile',
      'home-stay-a-while/subheading':
        'Das Barossa genießt man am besten langsam: ein Cottage zwischen den Reben, eine Tafel, die bis in den Abend reicht.',
      'home-stay-a-while/cta.text': 'Ihren Besuch planen',
      'home-stay-a-while/learnMore.text': 'Über das Barossa',
      'home-stay-a-while/cardOne.image.alt': 'Ein Steincottage mit Veranda und Blick über die Weinberge',
      'home-stay-a-while/cardOne.title': 'Cottages zwischen den Reben',
      'home-stay-a-while/cardOne.description':
        'Schlafen Sie in einem restaurierten Siedlerhäuschen, wachen Sie mit Vogelgesang auf und spazieren Sie zum Frühstück in die Dorfbäckerei.',
      'home-stay-a-while/cardOne.link.text': 'Unterkünfte',
      'home-stay-a-while/cardTwo.image.alt': 'Eine lange, zum Mittagessen gedeckte Tafel unter Bäumen',
      'home-stay-a-while/cardTwo.title': 'Lange Mittagessen',
      'home-stay-a-while/cardTwo.description': 'Saisonale Küche mit Zutaten aus dem Barossa – und oft sitzt der Winzer am Nachbartisch.',
      'home-stay-a-while/cardTwo.link.text': 'Essen gehen',
      'home-towns/title': 'Die Orte des Tals',
      'home-towns/tiles.0.copy': 'Das Herz des Tals: Bäckereien, Galerien und eine Hauptstraße voller Weingüter und alter Steinhäuser.',
      'home-towns/tiles.0.link.text': 'Tanunda entdecken',
      'home-towns/tiles.0.learnMore': 'Tanunda entdecken',
      'home-towns/tiles.1.copy': 'Elegant und grün, Heimat des samstäglichen Bauernmarkts und das Tor zu den Hügeln des Eden Valley.',
      'home-towns/tiles.1.link.text': 'Angaston entdecken',
      'home-towns/tiles.1.learnMore': 'Angaston entdecken',
      'home-towns/tiles.2.copy': 'Der Arbeitsort des Tals, mit großen Weinhäusern, dem Barossa Trail und dem Coulthard Reserve.',
      'home-towns/tiles.2.link.text': 'Nuriootpa entdecken',
      'home-towns/tiles.2.learnMore': 'Nuriootpa entdecken',
      'home-towns/tiles.3.copy':
        'Das südliche Tor: Hier öffnet sich das Tal, und die ersten Weingüter begrüßen Sie auf dem Weg von Adelaide.',
      'home-towns/tiles.3.link.text': 'Lyndoch entdecken',
      'home-towns/tiles.3.learnMore': 'Lyndoch entdecken',
      'home-lookout/alt': 'Der Blick vom Aussichtspunkt Mengler’s Hill über das Barossa Valley in der Abenddämmerung',
      'home-lookout/caption':
        'Aussichtspunkt Mengler’s Hill: das ganze Tal zu Ihren Füßen. Kommen Sie zum Sonnenuntergang – und bringen Sie eine Flasche mit.',
      'home-weekend/title': 'Ein Wochenende im Barossa',
      'home-weekend/description': 'Ein entspannter Plan für zwei Tage, vom ersten Kaffee bis zum letzten Glas.',
      'home-weekend/items.0.title': 'Samstag, 6 Uhr',
      'home-weekend/items.0.description': 'Ballonfahrt über das Tal, danach ein Frühstück mit Sekt.',
      'home-weekend/items.0.link.text': 'Fahrt buchen',
      'home-weekend/items.1.title': 'Samstag, 9 Uhr',
      'home-weekend/items.1.description': 'Der Barossa-Bauernmarkt in Angaston – für das zweite Frühstück.',
      'home-weekend/items.1.link.text': 'Zum Markt',
      'home-weekend/items.2.title': 'Samstag, 12 Uhr',
      'home-weekend/items.2.description': 'Drei Weingüter an der Seppeltsfield Road, Palmen den ganzen Weg entlang.',
      'home-weekend/items.2.link.text': 'Weingüter',
      'home-weekend/items.3.title': 'Samstag, 19 Uhr',
      'home-weekend/items.3.description': 'Ein langes Abendessen in Tanunda – am Tisch des Winzers, wenn Sie einen Platz bekommen.',
      'home-weekend/items.3.link.text': 'Essen gehen',
      'home-weekend/items.4.title': 'Sonntag, 9 Uhr',
      'home-weekend/items.4.description': 'Fahrräder in Tanunda leihen und auf dem Barossa Trail nach Nuriootpa radeln.',
      'home-weekend/items.4.link.text': 'Radfahren',
      'home-weekend/items.5.title': 'Sonntag, 17 Uhr',
      'home-weekend/items.5.description': 'Sonnenuntergang auf Mengler’s Hill vor der Heimfahrt.',
      'home-weekend/items.5.link.text': 'Aussichtspunkte',
      'home-plan-your-visit/heading': 'Ihren Besuch planen',
      'home-plan-your-visit/subheading':
        'Anreise, unterwegs vor Ort, Unterkünfte und die freundlichen Menschen im Barossa Visitor Centre in Tanunda.',
      'home-plan-your-visit/link.text': 'Jetzt planen',
    },
    'plan-your-visit': {
      'header.title': 'Ihren Besuch planen',
      'header.description':
        'Das Barossa liegt eine entspannte Autostunde nordöstlich von Adelaide. So kommen Sie hin, so kommen Sie herum, und so holen Sie das Beste aus Ihrem Aufenthalt heraus.',
      description: 'Anreise ins Barossa, unterwegs vor Ort, Unterkünfte und wie Sie das Barossa Visitor Centre in Tanunda erreichen.',
      'plan-1/title': 'Anreise',
      'plan-2/html':
        '<p>Von Adelaide aus folgen Sie dem Northern Expressway und dem Sturt Highway bis Nuriootpa, oder Sie nehmen die landschaftlich schöne Strecke über Gawler und Lyndoch. Rechnen Sie in beiden Fällen mit etwa einer Stunde.</p><ul><li><strong>Mit dem Auto:</strong> am flexibelsten; in jedem Ort parken Sie kostenlos.</li><li><strong>Mit Bahn und Bus:</strong> mit dem Zug bis Gawler Central, dann mit dem Anschlussbus ins Tal.</li><li><strong>Mit dem Flugzeug:</strong> Der Flughafen Adelaide ist 75 km entfernt, mit Mietwagen und Transfers.</li></ul>',
      'plan-4/title': 'Unterwegs vor Ort',
      'plan-5/html':
        '<p>Wer Wein probieren möchte, lässt besser fahren. Weintouren in kleinen Gruppen, private Fahrer, Chauffeurdienste und Fahrradverleih lassen sich über das Visitor Centre buchen.</p><blockquote>Tipp: Die meisten Weingüter haben von 10 bis 17 Uhr geöffnet; manche kleinere Erzeuger empfangen nur nach Vereinbarung, also rufen Sie vorher an.</blockquote>',
      'plan-7/title': 'Unterkünfte',
      'plan-7/description': 'Vom historischen Cottage bis zur Luxuslodge, dazwischen viele gemütliche Bed & Breakfasts.',
      'plan-7/items.0.title': 'Cottages und B&Bs',
      'plan-7/items.0.description': 'Steinhäuschen mit Kaminfeuer und Frühstückskörben voller regionaler Erzeugnisse.',
      'plan-7/items.0.link.text': 'Wir buchen für Sie',
      'plan-7/items.1.title': 'Refugien im Weinberg',
      'plan-7/items.1.description': 'Lodges und Villen mit den Reben vor der Tür und Blick über das Tal.',
      'plan-7/items.1.link.text': 'Wir buchen für Sie',
      'plan-7/items.2.title': 'Im Ort',
      'plan-7/items.2.description': 'Hotels und Motels in Tanunda und Nuriootpa, nur ein paar Schritte vom Abendessen.',
      'plan-7/items.2.link.text': 'Wir buchen für Sie',
      'plan-7/items.3.title': 'Gruppen und Feiern',
      'plan-7/items.3.description': 'Hochzeiten, Familientreffen und lange Tafeln für viele Gäste, mit Hilfe von Planern vor Ort.',
      'plan-7/items.3.link.text': 'Sprechen Sie uns an',
      'plan-deals/title': 'Angebote',
      'plan-9/title': 'Barossa Visitor Centre',
      'plan-9/subtitle':
        'Unsere Einheimischen buchen Ihre Unterkunft, Touren und Verkostungen – und verraten Ihnen, welche Bäckerei den besten Streuselkuchen hat.',
      'plan-9/image.alt': 'Die Murray Street in Tanunda',
      'plan-12/link.text': 'Erlebnisse ansehen',
    },
    'whats-on': {
      'header.title': 'Veranstaltungen',
      'header.description': 'Feste, lange Mittagessen, Konzerte zwischen den Reben und Märkte: alles, was im Barossa los ist, nach Datum.',
      title: 'Veranstaltungen',
      description: 'Feste, lange Mittagessen, Konzerte zwischen den Reben und Märkte: alles, was im Barossa los ist, nach Datum.',
    },
    stay: {
      'header.title': 'Übernachten',
      'header.description': 'Cottages zwischen den Reben, Landhotels, Ferien auf dem Bauernhof und Apartments in jedem Ort des Tals.',
      title: 'Übernachten',
      description: 'Cottages zwischen den Reben, Landhotels, Ferien auf dem Bauernhof und Apartments in jedem Ort des Tals.',
    },
    // Links inside rich text keep their address as written (the site does not add the language's
    // prefix there), so the translation names the German chapter pages itself.
    about: {
      'header.title': 'Über das Barossa',
      'header.description':
        'Fast zwei Jahrhunderte Landwirtschaft, Backkunst und Weinbau in einem Tal, das durch einen glücklichen Irrtum nach einem Höhenzug in Spanien benannt ist.',
      description:
        'Die Geschichte des Barossa: schlesische Siedler, lutherische Kirchen, alte Reben und die Familien, die sie bis heute pflegen.',
      'about-story/html':
        '<p>Das Barossa wurde in den 1840er-Jahren von englischen Farmern und von lutherischen Familien aus Schlesien und Preußen besiedelt. Sie brachten ihre Kirchen mit, ihre Wurstrezepte und die Gewohnheit, Reben zu pflanzen. Manche dieser Reben tragen noch heute.</p><h2>Alte Reben, junge Ideen</h2><p>Die Shiraz-, Grenache- und Mataro-Weinberge des Tals gehören zu den ältesten der Welt, geschützt vor der Reblaus durch die strenge Quarantäne Südaustraliens. Heute arbeitet eine neue Generation von Winzern Seite an Seite mit den alten Familien, und die Weingüter reichen vom Wellblechschuppen bis zum herrschaftlichen Anwesen.</p><h2>Eine Region kleiner Orte</h2><p>Tanunda, Angaston, Nuriootpa und Lyndoch haben jeweils ihren eigenen Charakter, im Osten steigen die Hügel des Eden Valley an. Dazwischen liegen Obstgärten, Olivenhaine, Kirchen und ruhige Straßen, wie gemacht für eine gemächliche Fahrt.</p>',
      'about-cellar/alt': 'Fässer mit reifendem Wein in einem historischen Steinkeller',
      'about-chapters/title': 'Die Geschichte des Barossa in drei Kapiteln',
      'about-chapters/items.0.heading': 'Die ersten Reben',
      'about-chapters/items.0.subheading':
        'Lutherische Familien aus Schlesien und Preußen legten in den 1840er-Jahren ihre Gärten an, bauten Kirchen und pflanzten Reben.',
      'about-chapters/items.0.media.alt': 'Reihen silbergrüner Olivenbäume in goldenem Gras',
      'about-chapters/items.0.downloadLink.text': 'Kapitel herunterladen',
      'about-chapter-1/html':
        '<p>Die Siedler, die 1842 in Bethany ankamen, brachten Saatgut mit, Rezepte für Wurstwaren und die Gewohnheit, von allem ein wenig anzubauen – eine Reihe Reben inbegriffen.</p><p><a href="/de/chapters/barossa-story/the-first-vines">Das ganze Kapitel lesen</a></p>',
      'about-chapters/items.1.heading': 'Alte Reben, neue Hände',
      'about-chapters/items.1.subheading':
        'Die Reblaus kam nie über die Grenze, und so blieben dem Tal einige der ältesten Reben der Welt.',
      'about-chapters/items.1.media.alt': 'Ein Weingut aus Sandstein mit roter Veranda zwischen den Reben',
      'about-chapters/items.1.downloadLink.text': 'Kapitel herunterladen',
      'about-chapter-2/html':
        '<p>Shiraz, Grenache und Mataro, gepflanzt von den ersten Familien, werden noch immer jeden Herbst gelesen – heute von ihren Ururenkeln und von Neuankömmlingen gleichermaßen.</p><p><a href="/de/chapters/barossa-story/old-vines-new-hands">Das ganze Kapitel lesen</a></p>',
      'about-chapters/items.2.heading': 'Ein Tisch für alle',
      'about-chapters/items.2.subheading': 'Bäckereien, die um sieben öffnen, ein Samstagsmarkt und lange Mittagessen zwischen den Reben.',
      'about-chapters/items.2.media.alt': 'Marktstände mit gestreiften Markisen und frischen Erzeugnissen',
      'about-chapters/items.2.downloadLink.text': 'Kapitel herunterladen',
      'about-chapter-3/html':
        '<p>Die Küche des Tals erzählt seine Geschichte ebenso wie sein Wein: Mettwurst, Streuselkuchen und der samstägliche Bauernmarkt in Angaston.</p><p><a href="/de/chapters/barossa-story/a-table-for-everyone">Das ganze Kapitel lesen</a></p>',
      'about-keep-exploring/title': 'Weiter entdecken',
      'about-keep-exploring/items.0.text': 'Erleben',
      'about-keep-exploring/items.1.text': 'Essen und Trinken',
      'about-keep-exploring/items.2.text': 'Ihren Besuch planen',
      'about-keep-exploring/items.3.text': 'Die Geschichte des Barossa in drei Kapiteln',
    },
  },
  chapters: {
    'chapters/barossa-story/the-first-vines': {
      'header.title': 'Die ersten Reben',
      'header.description':
        'In den 1840er-Jahren reisten lutherische Familien aus Schlesien und Preußen um die halbe Welt und legten in einem Tal nördlich von Adelaide ihre Gärten an, bauten ihre Kirchen und pflanzten ihre Reben.',
      'header.image.alt': 'Reihen silbergrüner Olivenbäume in goldenem Gras',
      description:
        'In den 1840er-Jahren reisten lutherische Familien aus Schlesien und Preußen um die halbe Welt und legten in einem Tal nördlich von Adelaide ihre Gärten an, bauten ihre Kirchen und pflanzten ihre Reben.',
      'the-first-vines-1/html':
        '<p>Die Siedler, die 1842 in Bethany ankamen, suchten die Freiheit, ihren Glauben so zu leben, wie sie es wollten. Sie brachten Saatgut mit, Rezepte für Wurstwaren und die bäuerliche Gewohnheit, von allem ein wenig anzubauen: Weizen, Obst, ein oder zwei Schweine und eine Reihe Reben hinter dem Haus.</p><p>Die Reben gediehen im warmen, trockenen Tal besser, als irgendjemand erwartet hatte. Schon eine Generation später kelterten die Familien Wein für die ganze Kolonie, und ein Teil des Shiraz und Grenache, den sie pflanzten, wird noch heute jeden Herbst gelesen.</p>',
      'the-first-vines-2/alt': 'Ein Siedlerhäuschen aus Blaustein mit Veranda in der Abenddämmerung',
      'the-first-vines-2/caption':
        'Häuschen aus Blaustein, wie die Siedler sie bauten, säumen noch heute die Nebenstraßen um Bethany und Tanunda.',
      'the-first-vines-3/text':
        'Mein Ururgroßvater hat den Weinberg am Bach 1860 gepflanzt. Wir lesen ihn immer noch von Hand, und er bringt immer noch unseren besten Wein hervor.',
      'the-first-vines-3/quotee': 'Ein Winzer in sechster Generation aus Light Pass',
    },
    'chapters/barossa-story/old-vines-new-hands': {
      'header.title': 'Alte Reben, neue Hände',
      'header.description':
        'Die Reblaus kam nie über die Grenze Südaustraliens. So blieben dem Tal Reben, die älter sind als fast überall sonst auf der Welt – und eine neue Generation macht das Beste daraus.',
      'header.image.alt': 'Ein Weingut aus Sandstein mit roter Veranda zwischen den Reben',
      description:
        'Die Reblaus kam nie über die Grenze Südaustraliens. So blieben dem Tal Reben, die älter sind als fast überall sonst auf der Welt – und eine neue Generation macht das Beste daraus.',
      'old-vines-new-hands-1/html':
        '<p>Als die Reblaus durch die Weinberge Europas und der östlichen Kolonien zog, schloss Südaustralien seine Grenzen für Rebstecklinge. Die Quarantäne hielt. Heute wachsen im Barossa Shiraz, Grenache und Mataro auf eigenen Wurzeln, manche vor mehr als 150 Jahren gepflanzt.</p><p>Die Familien, die sie pflegten, sind noch da, und neben ihnen arbeiten junge Winzer, die wegen der alten Reben kamen und wegen des Tals blieben. Viele schenken ihren Wein selbst im Weingut aus.</p>',
      'old-vines-new-hands-2/alt': 'Eichenfässer, gestapelt in einem gewölbten Steinkeller',
      'old-vines-new-hands-2/caption': 'Likörweine, vor einem Jahrhundert eingelagert, ruhen noch heute in den ältesten Kellern des Tals.',
      'old-vines-new-hands-3/link.text': 'Weingut finden',
    },
    'chapters/barossa-story/a-table-for-everyone': {
      'header.title': 'Ein Tisch für alle',
      'header.description':
        'Bäckereien, die um sieben öffnen, ein Samstagsmarkt, lange Mittagessen zwischen den Reben: Die Küche des Tals erzählt seine Geschichte ebenso wie sein Wein.',
      'header.image.alt': 'Marktstände mit gestreiften Markisen und frischen Erzeugnissen',
      description:
        'Bäckereien, die um sieben öffnen, ein Samstagsmarkt, lange Mittagessen zwischen den Reben: Die Küche des Tals erzählt seine Geschichte ebenso wie sein Wein.',
      'a-table-for-everyone-1/html':
        '<p>Die Küchen der Siedler sind nie verschwunden. In Angaston wird noch immer Mettwurst geräuchert, in Tanunda Streuselkuchen warm verkauft, und der Barossa-Bauernmarkt bringt jeden Samstagmorgen die Erzeuger und Bäcker des Tals zusammen.</p><p>Um sie herum wuchs eine Tischkultur, die das ganze Tal teilt: lange Mittagessen unter Bäumen, Erntefeste zur Lese und Winzerdinner, bei denen derjenige den Wein einschenkt, der ihn gemacht hat.</p>',
      'a-table-for-everyone-2/alt': 'Eine lange, zum Mittagessen gedeckte Tafel unter Lichterketten',
      'a-table-for-everyone-2/caption': 'Ein langes Mittagessen zur Lesezeit, wenn das ganze Tal zusammen isst.',
    },
  },
  // The navigation as seeded: the listing pages sit after 'Things to do' (seedDemoListings). Its
  // labels are short ('Events', 'Genuss', 'Reiseplanung'): the header holds them in one row down to
  // the widest menu's breakpoint, and 'Essen und Trinken' and 'Ihren Besuch planen' pushed it wider.
  nav: {
    siteName: 'Barossa',
    'items.0.text': 'Erleben',
    'items.0.groups.0.title': 'Erlebnisse',
    'items.0.groups.0.links.0.text': 'Heißluftballonfahrten',
    'items.0.groups.0.links.1.text': 'Radeln auf dem Barossa Trail',
    'items.0.groups.0.links.2.text': 'Aussichtspunkte und Panoramastraßen',
    'items.0.groups.1.title': 'Orte',
    'items.1.text': 'Events',
    'items.2.text': 'Übernachten',
    'items.3.text': 'Genuss',
    'items.3.groups.0.title': 'Wein und Küche',
    'items.3.groups.0.links.0.text': 'Weingüter',
    'items.3.groups.0.links.1.text': 'Barossa-Bauernmarkt',
    'items.3.groups.0.links.2.text': 'Lange Mittagessen',
    'items.4.text': 'Reiseplanung',
    'items.5.text': 'Über uns',
    'items.5.groups.0.title': 'Die Geschichte des Barossa',
    'items.5.groups.0.links.0.text': 'Die ersten Reben',
    'items.5.groups.0.links.1.text': 'Alte Reben, neue Hände',
    'items.5.groups.0.links.2.text': 'Ein Tisch für alle',
    'items.5.groups.1.title': 'Das Tal',
    'items.5.groups.1.links.0.text': 'Über das Barossa',
    'items.5.groups.1.links.1.text': 'Fragen Sie unser Visitor Centre',
    'cta.text': 'Visitor Centre',
  },
  footer: {
    copy: '© Barossa Visitor Centre. Demo-Inhalte.',
    'linkGroups.0.title': 'Entdecken',
    'linkGroups.0.links.0.text': 'Erleben',
    'linkGroups.0.links.1.text': 'Essen und Trinken',
    'linkGroups.0.links.2.text': 'Orte',
    'linkGroups.0.links.3.text': 'Aussichtspunkte',
    'linkGroups.1.title': 'Planen',
    'linkGroups.1.links.0.text': 'Anreise',
    'linkGroups.1.links.1.text': 'Unterwegs vor Ort',
    'linkGroups.1.links.2.text': 'Unterkünfte',
    'linkGroups.1.links.3.text': 'Online buchen',
    'linkGroups.1.links.4.text': 'Gutscheine',
    'linkGroups.1.links.5.text': 'Visitor Centre',
    'linkGroups.1.links.6.text': 'Meine Liste',
    'linkGroups.2.title': 'Das Barossa',
    'linkGroups.2.links.0.text': 'Über das Barossa',
    'linkGroups.2.links.1.text': 'Barossa-Bauernmarkt',
    'privacy.text': 'Datenschutz',
    'terms.text': 'Nutzungsbedingungen',
    'visitorInformation.title': 'Barossa Visitor Centre',
    'visitorInformation.hours': 'Montag bis Freitag 9–17 Uhr\nWochenenden und Feiertage 10–16 Uhr',
  },
  /** The grids' filter names (the tags of the demo's kinds of events and stays) and the categories' names. */
  tags: {
    FESTIVAL: 'Festivals',
    EVTFOOD: 'Essen und Wein',
    EVTMUSIC: 'Konzerte und Aufführungen',
    EVTCOMNTY: 'Gemeindefeste',
    EXHIBIT: 'Ausstellungen',
    SPORT: 'Sportveranstaltungen',
    BEDBREAKFA: 'Bed & Breakfast',
    COTTAGE: 'Ferienhäuser',
    HOTEL: 'Hotels',
    MOTEL: 'Motels',
    APARTMENT: 'Ferienwohnungen',
    CARAVAN: 'Camping und Wohnmobil',
    FARMSTAY: 'Urlaub auf dem Bauernhof',
    RESORT: 'Resorts',
    ACCOMM: 'Unterkünfte',
    ATTRACTION: 'Sehenswürdigkeiten',
    RESTAURANT: 'Essen und Trinken',
    EVENT: 'Veranstaltungen',
    TOUR: 'Touren',
  },
  categories: { 'demo-whats-on': 'Veranstaltungen', 'demo-stay': 'Übernachten' },
}
