// Generated from the 1990 US Census name-frequency lists (public domain; via the `names` 0.3.0
// package on PyPI): the 20,000 most frequent surnames of at least three letters. One string, not an
// array literal, so that it costs the compiler nothing.
extension CensusNames {
    static let surnamesText = """
        Aaron Aarons Aasen Abad Abadie Abarca Abate Abbas Abbate Abbey Abbott Abdallah Abdo Abdul Abdullah Abe Abeita
        Abel Abell Abels Abercrombie Abernathy Abernethy Abeyta Able Ables Abner Abney Abraham Abrahams Abrahamson
        Abram Abramowitz Abrams Abramson Abrego Abreu Abril Abron Absher Abshire Abston Acevedo Aceves Achenbach
        Acheson Acker Ackerman Ackermann Ackerson Ackles Ackley Acklin Ackman Acord Acosta Acree Acres Acton Acuff
        Acuna Adair Adam Adamczyk Adame Adamek Adames Adamo Adams Adamski Adamson Adan Adcock Adcox Addington Addis
        Addison Addy Adelman Adelson Aden Aderholt Adger Adkins Adkinson Adkison Adkisson Adler Adolph Adorno Adrian
        Agan Agar Agarwal Agee Ager Agin Agnew Agostini Agosto Aguayo Aguero Aguiar Aguila Aguilar Aguilera Aguinaga
        Aguinaldo Aguirre Aguon Agustin Ahart Ahearn Ahern Ahl Ahlers Ahlstrom Ahmad Ahmed Ahn Ahner Aho Ahrens
        Ahumada Aichele Aiello Aiken Aikens Aikin Ainsworth Aitchison Aitken Akbar Ake Aker Akers Akey Akin Akins
        Akridge Alaimo Alam Alameda Alamo Alanis Alaniz Alarcon Alatorre Alba Alban Albanese Albano Albarado Albarran
        Albaugh Albee Alber Albers Alberson Albert Alberti Alberto Alberts Albertson Alberty Albin Albino Albrecht
        Albright Albritton Albro Albury Alcala Alcantar Alcantara Alcaraz Alcazar Alcocer Alcock Alcorn Alcott Aldaco
        Aldana Aldape Alday Alden Alder Alderete Alderman Alderson Aldrich Aldridge Alegria Alejandre Alejandro Alejo
        Alejos Aleman Alers Aleshire Alessi Alex Alexander Alexandre Alexis Alfano Alfaro Alfonso Alford Alfred
        Algarin Alger Ali Alicea Aliff Alix Alkire Allain Allaire Allan Allard Allbright Allbritton Alldredge Allee
        Alleman Allen Allender Allensworth Alles Alley Alleyne Allgood Allie Alligood Alling Allis Allison Allman
        Allmon Alloway Allred Allshouse Allsop Allsup Allums Allyn Alm Almaguer Almanza Almanzar Almaraz Almazan
        Almeida Almendarez Almodovar Almon Almond Almonte Alongi Alonso Alonzo Alpert Alphin Alsop Alston Alsup Alt
        Altamirano Alter Althoff Althouse Altieri Altizer Altman Altom Alton Alva Alvarado Alvardo Alvarenga Alvares
        Alvarez Alverez Alverson Alves Alvey Alvis Alvord Amado Amador Amaker Aman Amann Amar Amaral Amaro Amato Amaya
        Ambler Ambriz Ambrose Ambrosino Ambrosio Amburgey Amedee Amen Amend Amendola Ament Amerson Ames Amey Amezcua
        Amezquita Amick Amico Amidon Amin Amis Ammann Ammerman Ammon Ammons Amo Amodeo Amon Amore Amoroso Amos Amsler
        Amundsen Amundson Amy Anaya Ancheta Anchondo Anders Andersen Anderson Anderton Andes Anding Andino Andrade
        Andre Andreas Andreasen Andres Andresen Andress Andrew Andrews Andrus Andrzejewski Andujar Anello Ang Ange
        Angel Angeles Angell Angelo Angle Anglin Anguiano Angulo Angus Anker Ankney Annis Annunziata Ansari Ansell
        Anselmo Ansley Anson Anspach Anstett Anthony Antle Antley Antoine Anton Antone Antonelli Antonio Antonucci
        Antunez Anwar Anzaldua Anzalone Aoki Aparicio Apel Apgar Apo Apodaca Aponte Appel Appell Apperson Apple
        Applebaum Appleby Applegate Appleton Applewhite Applin Appling April Aquilar Aquino Aquirre Aragon Arai Araiza
        Arakaki Araki Arambula Arana Aranda Arango Arant Araujo Arbogast Arbour Arbuckle Arcand Arce Arceneaux Arceo
        Archambault Archer Archey Archibald Archie Archuleta Arciniega Arcuri Ard Arden Ardis Ardito Ardoin Ardon
        Arechiga Arehart Arel Arellano Arena Arenas Arend Arends Arendt Arent Arevalo Argento Argo Arguelles Arguello
        Argueta Arias Arispe Arizmendi Arledge Arline Armand Armas Armbruster Armendariz Armenta Armentrout Armer
        Armes Armijo Armistead Armitage Armor Armour Arms Armstead Armstrong Armwood Arndt Arner Arneson Arnett
        Arnette Arney Arno Arnold Arnone Arnott Arnwine Arocha Arocho Aron Aronson Arp Arpin Arrant Arredondo Arreguin
        Arrellano Arreola Arrey Arriaga Arrieta Arrington Arriola Arrowood Arroyo Arruda Arsenault Arteaga Arter
        Arterburn Arthur Arthurs Artiaga Artis Artman Artrip Artz Arvidson Arvin Arviso Arvizu Arwood Ary Arzate
        Arzola Asaro Asay Asbell Asberry Asbury Ascencio Asencio Ash Ashbaugh Ashbrook Ashburn Ashby Ashcraft Ashcroft
        Ashe Asher Ashford Ashley Ashlock Ashman Ashmore Ashton Ashurst Ashworth Askew Askins Asmus Asper Astle Aston
        Astorga Astudillo Asuncion Atchison Atchley Aten Atencio Ater Atherton Athey Atkin Atkins Atkinson Atkison
        Atlas Atnip Attaway Atteberry Attebery Atterberry Attwood Atwater Atwell Atwood Aube Aubin Aubrey Aubry
        Aubuchon Auclair Aucoin Audet Audette Auer Auerbach Auger August Auguste Augustin Augustine Augustus Auld Ault
        Aultman Auman Aumiller Aurand Aust Austin Austria Auten Authement Auton Autrey Autry Auvil Auxier Auyeung
        Auzenne Avallone Avalos Avans Avant Avelar Avendano Avent Avera Averett Averill Avery Avey Avila Aviles Avilez
        Avilla Avina Avis Avitia Awad Axelson Axford Axtell Ayala Aybar Aycock Ayer Ayers Aylward Ayon Ayotte Ayoub
        Ayres Azar Azevedo Aziz Azure Baade Babb Babbitt Babcock Baber Babich Babin Babineau Babineaux Babst Baca
        Bacchus Baccus Bach Bachand Bachelder Bacher Bachman Bachmann Bachus Back Backer Backes Backhaus Backlund
        Backman Backstrom Backus Bacon Bacote Bad Badalamenti Bade Baden Bader Badger Badgett Badgley Badilla Badillo
        Baehr Baer Baez Baeza Bagby Baggett Baggs Baginski Bagley Bagwell Baham Bahe Bahena Bahr Baier Bail Bailes
        Bailey Baillargeon Baillie Baily Bain Bainbridge Baine Baines Bains Bainter Bair Baird Baisden Baisley Baity
        Baize Bak Baker Bakewell Bakke Bakken Bakker Bakos Balas Balboa Balbuena Balch Balcom Balderas Balderrama
        Baldree Baldridge Balducci Baldwin Bale Balentine Bales Baley Balfour Balk Balke Ball Ballance Ballantyne
        Ballard Ballenger Ballentine Ballesteros Ballew Balliet Balling Ballinger Ballou Ballow Balls Ballweg Balmer
        Balog Balogh Balsamo Balser Baltazar Baltes Baltimore Baltz Baltzell Balzer Banach Banas Bancroft Banda Bandy
        Bane Banes Baney Banfield Bang Bangert Bangs Banh Banister Bank Banker Bankhead Banks Bankston Banner
        Bannerman Banning Bannister Bannon Banta Banton Banuelos Baptist Baptista Baptiste Bara Barahona Barajas Baran
        Baranowski Baratta Barb Barba Barbagallo Barbara Barbe Barbeau Barbee Barber Barbera Barbieri Barbosa Barbour
        Barboza Barcelo Barcenas Barcia Barclay Barco Barcomb Barcus Bard Barden Bardin Bardsley Bardwell Bare
        Barefield Barefoot Barela Barfield Barga Bargas Barge Barger Bargo Barham Barhorst Baril Barile Bark Barker
        Barkley Barkman Barks Barksdale Barlett Barley Barlow Barlowe Barmore Barna Barnaby Barnard Barner Barnes
        Barnett Barnette Barney Barnhardt Barnhart Barnhill Barnhouse Barns Barnum Barnwell Baro Baron Barone Baros
        Barr Barra Barragan Barras Barratt Barraza Barre Barreiro Barren Barrentine Barrera Barreras Barret Barreto
        Barrett Barrette Barrick Barrie Barrientes Barrientez Barrientos Barrier Barriere Barriga Barringer Barrington
        Barrios Barris Barron Barros Barroso Barrow Barrows Barrs Barrus Barry Barstow Bart Barta Bartee Bartel
        Bartell Bartels Bartelt Barter Barth Barthel Bartholomew Bartlett Bartley Bartling Bartlow Bartman Barto
        Bartolome Barton Bartos Bartow Bartram Bartsch Bartz Barwick Basaldua Bascom Basel Bash Basham Bashaw Bashir
        Basil Basile Basinger Baskerville Baskett Baskin Basler Basnight Basquez Bass Bassett Bassham Bassler Basso
        Bast Bastarache Bastian Bastien Batchelder Batchelor Bate Bateman Bates Batey Bath Batie Batista Batiste Bator
        Batres Batson Batt Battaglia Batten Battey Battin Battista Battiste Battle Battles Batton Batts Batty Baty
        Batz Bauch Baucom Bauder Baudoin Bauer Baugh Baugher Baughman Baughn Baum Bauman Baumann Baumbach Baumeister
        Baumer Baumert Baumgardner Baumgart Baumgarten Baumgartner Baur Bautista Baver Bax Baxley Baxter Bay Bayard
        Bayer Bayerl Bayes Bayles Bayless Baylis Bayliss Baylor Bayne Baynes Bays Baysinger Bazaldua Bazan Baze
        Bazemore Bazile Beach Beacham Beachum Beadle Beadles Beagle Beahm Beaird Beal Beale Bealer Beall Beals Beam
        Beaman Beamer Beamon Beams Bean Beane Bear Bearce Beard Bearden Beardsley Beasley Beason Beaton Beattie Beatty
        Beaty Beaubien Beauchamp Beauchemin Beauchesne Beaudet Beaudette Beaudin Beaudoin Beaudry Beauford Beaufort
        Beaulieu Beaumont Beaupre Beauregard Beauvais Beaver Beavers Beazley Bebout Becerra Becerril Bechard Becher
        Bechtel Bechtol Bechtold Beck Beckel Becker Beckert Beckett Beckford Beckham Beckles Beckley Beckman Beckmann
        Beckner Beckstead Beckwith Becnel Becraft Becton Bedard Bedell Bedford Bedgood Bednar Bednarz Bedolla Bedoya
        Bedwell Bee Beebe Beech Beecham Beecher Beede Beedle Beegle Beehler Beekman Beeks Beeler Beem Beeman Beene
        Beer Beerman Beers Beery Beesley Beeson Beets Begay Begaye Beggs Begin Begley Behan Behler Behling Behm Behn
        Behne Behnke Behr Behrends Behrendt Behrens Beier Beil Beiler Beirne Bejarano Belair Beland Belanger Belcher
        Belden Belding Belew Belfiore Belford Belgarde Belgrave Belin Belisle Beliveau Belk Belknap Bell Bella Bellamy
        Bellanger Bellantoni Bellard Belle Beller Belles Bellew Belli Bellinger Bellino Bellis Belliveau Bellman Bello
        Bellomy Bellows Belmont Belmonte Belote Belser Belt Belton Beltran Beltz Belue Belville Belvin Belz Bembry
        Bemis Ben Benally Benard Benavides Benavidez Benbow Bence Bench Bencomo Benda Bendel Bender Benedetti
        Benedetto Benedict Benefiel Benefield Benes Benevides Benfer Benfield Benford Benge Bengtson Benham Benites
        Benitez Benito Benjamin Benn Benner Bennet Bennett Bennette Benning Benninger Benningfield Bennington Benny
        Beno Benoit Bensen Benson Bent Bentley Bently Bento Benton Bentz Benz Benzing Bequette Beran Berard Berardi
        Berends Berens Beres Beresford Berg Bergan Berge Bergen Berger Bergeron Bergerson Bergeson Bergevin Bergey
        Berggren Bergh Bergin Berglund Bergman Bergmann Bergquist Bergren Bergstrom Beringer Berk Berke Berkeley
        Berkey Berkley Berkman Berkowitz Berlanga Berlin Berman Bermudes Bermudez Bernabe Bernal Bernard Bernardi
        Bernardini Bernardino Bernardo Berndt Berner Bernhard Bernhardt Bernier Berning Berns Bernstein Berrian
        Berrier Berrios Berry Berryhill Berryman Bert Berta Berthelot Berthiaume Berthold Berti Bertin Bertolini
        Bertram Bertrand Bertsch Berube Berumen Berwick Besaw Beshears Bess Besser Bessette Bessey Bessler Best Bester
        Betances Betancourt Bethea Bethel Bethune Bettencourt Bettis Betton Betts Betty Betz Beus Bevan Bever Beverage
        Beveridge Beverly Bevers Bevilacqua Bevill Beville Bevins Bevis Bewley Bey Beyer Beyers Bezanson Bhakta Bhatia
        Bhatt Bianchi Bianco Bias Bibb Bibbins Bibbs Bibby Bibeau Bible Bibler Bice Bickel Bickers Bickerstaff Bickett
        Bickford Bickham Bickley Bicknell Biddle Bidwell Bieber Biehl Bieker Biel Bielecki Bien Bier Bierman Biermann
        Biffle Big Bigby Bigelow Bigger Biggers Biggerstaff Biggins Biggs Bigham Bigler Bigley Bilbo Bilbrey
        Bilderback Biles Bilger Bill Biller Billie Billings Billingsley Billington Billiot Billips Billman Bills
        Billups Billy Bilodeau Bilski Bilyeu Binder Binette Binford Bing Bingaman Bingham Bingman Binion Binkley
        Binney Binns Biondi Biondo Birch Birchfield Bird Birdsall Birdsell Birdsong Birdwell Birge Birk Birkholz
        Birkland Birmingham Birnbaum Birney Biro Biron Birt Bisbee Bischof Bischoff Biscoe Bise Bish Bishop Bissell
        Bissett Bissette Bisson Bissonette Bissonnette Bitner Bitter Bitting Bittinger Bittle Bittner Bivens Bivins
        Bivona Bixby Bixler Bizier Bizzell Bjerke Bjork Bjorklund Black Blackburn Blacker Blackerby Blackford
        Blackledge Blackman Blackmer Blackmon Blackmore Blackshear Blackshire Blackstock Blackston Blackstone
        Blackwelder Blackwell Blackwood Blade Blades Blagg Blaha Blain Blaine Blair Blais Blaisdell Blaise Blake
        Blakeley Blakely Blakeman Blakemore Blakeney Blaker Blakes Blakeslee Blakey Blakley Blakney Blalock Blanc
        Blanch Blanchard Blanche Blanchette Blanco Bland Blandford Blanding Blandon Blane Blaney Blanford Blank
        Blankenship Blankinship Blanks Blansett Blanton Blas Blaser Blasingame Blasko Blass Blassingame Blatt Blau
        Blauser Blauvelt Blay Blaylock Blaze Blazek Blazer Blea Bleau Blecha Bledsoe Bleich Blessing Blevins Blewett
        Blick Blind Bliss Blizzard Bloch Blocher Block Blocker Blodgett Blohm Blom Blomberg Blomquist Blood Bloodsaw
        Bloodworth Bloom Bloomberg Bloomer Bloomfield Bloomquist Blose Bloss Blosser Blossom Blough Blouin Blount Blow
        Blubaugh Blue Bluford Bluhm Blum Blumberg Blume Blumenthal Blumer Blundell Blunt Bly Blythe Boan Board
        Boardman Boatman Boatner Boatright Boatwright Boaz Bob Bobadilla Bobb Bobbitt Bobby Bober Bobo Bocanegra Bock
        Bockelman Bockman Bodden Boddie Boddy Bode Boden Bodenhamer Bodie Bodiford Bodily Bodin Bodine Bodkin Bodnar
        Bodner Body Boe Boeding Boehm Boehman Boehme Boehmer Boelter Boer Boerger Boerner Boes Boese Boettcher Bogan
        Bogar Bogard Bogardus Bogart Bogdan Bogen Boger Bogert Boggan Boggess Boggs Bogle Bogner Bogue Bohan Bohanan
        Bohannan Bohannon Bohanon Bohl Bohlen Bohler Bohm Bohman Bohn Bohner Bohnert Bohnsack Bohon Bohr Bohrer Boice
        Boissonneault Boisvert Boivin Bojorquez Bolan Boland Bolander Bolanos Bold Bolden Bolding Bolds Boldt Bolduc
        Bolen Boler Boles Boley Bolger Bolick Bolin Boling Bolinger Bolivar Boll Boller Bolles Bollin Bolling
        Bollinger Bollman Bologna Bolster Bolt Bolte Bolten Bolton Boltz Bolyard Boman Bomar Bombard Bombardier
        Bomberger Bona Bonanno Bonaparte Bonar Bond Bondi Bonds Bondurant Bondy Bone Bonelli Bonenfant Boner Bones
        Bonet Bonetti Boney Bonfiglio Bongiorno Bonham Bonhomme Bonifacio Bonilla Bonin Bonk Bonn Bonneau Bonnell
        Bonner Bonnet Bonnett Bonnette Bonney Bonnie Bono Bonomo Bontrager Booe Booher Book Booker Bookman Bookout
        Books Boomer Boon Boone Boos Boose Booth Boothby Boothe Boots Booze Boozer Bopp Borba Borchardt Borchers
        Borchert Bordeau Bordeaux Bordelon Borden Border Borders Bordner Borel Borelli Boren Borg Borgen Borger Borges
        Borgman Borgmann Boring Boris Borja Borjas Bork Borkholder Borkowski Borland Borman Bormann Born Borne
        Bornstein Boros Borowski Borquez Borrego Borrelli Borrero Borror Borst Borton Bortz Borum Borunda Bos Bosarge
        Bosch Bosco Bose Boser Boshears Bosket Bosley Bosque Boss Bosse Bosserman Bost Bostic Bostick Boston Bostrom
        Bostwick Boswell Bosworth Botelho Botello Bothwell Botkin Botsford Bott Botta Bottom Bottomley Bottoms
        Bottorff Botts Bou Bouchard Boucher Bouck Boudreau Boudreaux Bouffard Boughner Boughton Bouie Bouknight
        Boulanger Boulay Bouldin Bouley Boulton Boulware Bounds Bourassa Bourbeau Bourdeau Bourdon Bourg Bourgault
        Bourgeois Bourget Bourgoin Bourke Bourland Bourn Bourne Bourque Bourquin Bousquet Boutin Bouton Boutte
        Boutwell Bova Bove Bovee Bow Bowden Bowe Bowen Bowens Bower Bowerman Bowers Bowersox Bowes Bowie Bowker Bowlby
        Bowler Bowles Bowley Bowlin Bowling Bowman Bown Bowne Bowser Bowyer Box Boyce Boyd Boyden Boydston Boydstun
        Boyer Boyers Boyes Boyett Boyette Boyington Boykin Boykins Boylan Boyland Boyle Boyles Boynton Boysen Boyster
        Boyter Bozarth Bozek Bozeman Braaten Braatz Brabham Bracamonte Bracco Brace Bracero Bracewell Bracey Brack
        Bracken Brackett Brackin Brackins Brackman Bracy Bradberry Bradburn Bradbury Braddock Braddy Braden Bradfield
        Bradford Bradham Bradish Bradley Bradshaw Bradsher Bradt Bradway Bradwell Brady Brafford Braga Bragdon Bragg
        Braggs Braham Brain Brainard Brainerd Braithwaite Brake Brakebill Braley Braman Bramble Bramblett Brame
        Bramlett Brammer Branam Branan Branch Branco Brand Brandel Brandenburg Brandes Brandl Brandon Brandow Brandt
        Brandy Branham Brann Brannan Brannen Brannigan Brannon Brannum Branscome Branscum Branson Branstetter Brant
        Brantley Brantner Branton Branum Brase Brasel Brasfield Brashear Brashears Brasher Brass Brassard Brassell
        Brassfield Braswell Bratcher Brathwaite Bratt Bratten Bratton Braud Brauer Brault Braun Braunstein Bravo
        Brawley Brawn Brawner Braxton Bray Brayton Brazeal Brazell Brazelton Braziel Brazier Brazil Breault Breaux
        Breazeale Brecht Breckenridge Breece Breed Breeden Breeding Breedlove Breen Breese Breeze Brehm Brehmer Breit
        Breitenstein Brekke Breland Bremer Bremner Brendel Brendle Breneman Brennan Brenneman Brennen Brenner Brent
        Brenton Brescia Breshears Breslin Bresnahan Bressler Breton Brett Bretz Breuer Breunig Brew Brewer Brewington
        Brewster Brewton Brey Brian Brice Briceno Brick Bricker Brickey Brickhouse Brickley Brickman Brickner Bridge
        Bridgeforth Bridgeman Bridger Bridgers Bridges Bridgewater Bridgman Bridwell Brien Brier Brierly Briese
        Brigance Briganti Briggs Brigham Bright Brighton Brigman Brignac Briles Briley Brill Brim Brimage Brimer
        Brimmer Brindle Brindley Brinegar Briner Brink Brinker Brinkerhoff Brinkley Brinkman Brinkmann Brinn Brinson
        Brinton Briones Brisco Briscoe Briseno Brissette Brisson Brister Bristol Bristow Brite Brito Britt Brittain
        Britten Brittian Brittingham Britton Brixey Brizendine Broach Broad Broadbent Broaddus Broadhead Broadhurst
        Broadnax Broadus Broadwater Broadway Broadwell Broady Brobst Broce Brochu Brock Brockett Brockington Brockman
        Brockway Brodbeck Brode Broder Broderick Brodersen Brodeur Brodie Brodsky Brody Brogan Brogden Brogdon Brokaw
        Broman Bromberg Bromley Bronk Bronner Bronson Bronstein Brook Brooke Brooker Brookes Brooking Brookins
        Brookman Brookover Brooks Brookshire Broom Broome Broomfield Brophy Brose Brosius Brosnan Bross Brothers
        Brotherton Brott Brotzman Brough Broughton Brouillard Brouillette Broussard Brousseau Brouwer Browder Brower
        Brown Browne Brownell Browner Brownfield Browning Brownlee Brownlow Broxton Broyles Brubaker Bruce Bruch Bruck
        Brucker Bruckner Bruder Brueggemann Bruen Bruening Bruggeman Brugger Bruhn Brumback Brumbaugh Brumbelow
        Brumfield Brumit Brumley Brummer Brummett Brummitt Brun Brundage Brundidge Brune Bruneau Brunell Brunelle
        Bruner Brunet Brunette Brunetti Brungardt Bruni Bruning Brunk Brunner Bruno Bruns Brunson Brunswick Brunt
        Brunton Brush Bruss Brust Bruton Bryan Bryant Bryce Bryd Bryden Bryer Bryner Bryson Brzezinski Brzozowski Bubb
        Bublitz Bucci Buch Buchan Buchanan Buchanon Bucher Buchheit Buchholtz Buchholz Buchman Bucholtz Bucholz Buck
        Buckelew Bucker Buckingham Buckland Buckle Buckler Buckles Bucklew Buckley Bucklin Buckman Buckmaster Buckner
        Buckwalter Bucy Buda Budd Budde Budge Budzinski Bueche Buehler Buell Buelow Buendia Bueno Buenrostro Buentello
        Buerger Buettner Buff Buffington Bufford Buffum Bufkin Buford Bugarin Bugbee Bugg Buggs Buhl Buhler Buhr Bui
        Buie Buitron Buker Bukowski Bulger Bulkley Bull Bullard Bullen Buller Bullington Bullins Bullion Bullis
        Bulloch Bullock Bulluck Bulter Bumgardner Bumgarner Bump Bumpers Bumpus Bunce Bunch Bundick Bundy Bunge Bunger
        Bunker Bunn Bunnell Buntin Bunting Bunton Bunyard Buono Buras Burbach Burbage Burbank Burbridge Burch Burcham
        Burchard Burchell Burchett Burchette Burchfield Burciaga Burd Burden Burdett Burdette Burdge Burdick Burdine
        Burditt Burford Burg Burgan Burge Burger Burges Burgess Burgett Burgher Burgin Burgoon Burgos Burgoyne Burk
        Burkart Burke Burkes Burket Burkett Burkey Burkhalter Burkhardt Burkhart Burkhead Burkholder Burkley Burks
        Burleigh Burleson Burlew Burley Burling Burlingame Burlison Burman Burmeister Burnam Burnell Burner Burnes
        Burnett Burnette Burney Burnham Burnley Burns Burnside Burpee Burpo Burr Burrage Burrell Burress Burrier
        Burrill Burris Burriss Burritt Burrough Burroughs Burrow Burrowes Burrows Burrus Burruss Burse Burson Burt
        Burtch Burton Burts Burwell Bury Busbee Busby Busch Buscher Buse Buser Busey Bush Bushard Bushee Bushey
        Bushman Bushnell Bushong Bushway Busick Buske Buskirk Buss Bussard Busse Bussell Bussey Bussiere Bustamante
        Buster Bustillos Bustos Buswell Butcher Buteau Butera Buterbaugh Butkovich Butler Butner Butt Buttars
        Butterfield Butters Butterworth Buttler Button Buttram Buttrey Butts Butz Buxton Buzard Buzbee Buzzard Buzzell
        Byard Byars Byas Bybee Bye Byer Byerly Byers Byfield Byford Byington Byler Bynoe Bynum Byram Byrd Byrge Byrne
        Byrnes Byrns Byrom Byron Byrum Caba Caballero Caban Cabana Cabaniss Cabe Cabell Cabello Cabezas Cable Cabot
        Cabral Cabrales Cabrera Caceres Cacho Caddell Caddy Cade Cadena Cadet Cadieux Cadiz Cadle Cadogan Cadorette
        Cadwallader Cadwell Cady Caesar Caffee Caffey Caffrey Cage Caggiano Cagle Cagney Cahill Cahoon Cai Cail Cain
        Caine Caines Cairns Caison Cajigas Calabrese Calabro Calahan Calaway Calcagni Calcote Calder Caldera Calderon
        Calderone Calderwood Caldwell Cale Cales Caley Calfee Calhoon Calhoun Cali Calkins Call Callaghan Callaham
        Callahan Callan Callanan Callas Callaway Calle Callejas Callen Callender Calles Callicoat Callier Callihan
        Callis Callison Calloway Calton Calvert Calvillo Calvin Calvo Calzada Camacho Camara Camarena Camargo
        Camarillo Cambell Cambra Cambridge Cambron Camden Cameron Camire Cammack Cammarata Camp Campa Campagna Campana
        Campanella Campanelli Campas Campbell Camper Campfield Campion Campisi Campo Campos Campuzano Canada Canaday
        Canady Canale Canales Canas Canavan Cancel Canchola Candelaria Candelario Candler Cane Canela Canfield
        Cangelosi Canipe Canizales Cann Cannaday Cannady Cannella Canning Cannon Cano Canon Cansler Cantara Canter
        Canterbury Cantero Cantin Cantley Canto Canton Cantor Cantrell Cantu Cantwell Canty Canup Cao Caouette Capasso
        Cape Capehart Capel Capers Caperton Capetillo Caplan Caple Caples Caplinger Capo Capobianco Capone Capozzi
        Capp Cappello Capps Capra Caprio Capuano Caputo Carabajal Caraballo Caraveo Caraway Carbajal Carballo Carbaugh
        Carberry Carbin Carbonaro Carbone Carbonell Card Cardella Cardello Carden Cardenas Carder Cardiel Cardillo
        Cardin Cardinal Cardinale Cardona Cardone Cardoso Cardoza Cardwell Carew Carey Cargile Cargill Cargo Carico
        Carignan Carillo Carini Carino Carl Carlberg Carle Carleton Carley Carlile Carlin Carlino Carlisle Carlo
        Carlock Carlon Carlos Carls Carlsen Carlson Carlton Carlucci Carlyle Carmack Carman Carmean Carmen Carmichael
        Carmody Carmon Carmona Carmouche Carn Carnahan Carneal Carnegie Carnell Carner Carnes Carnevale Carney Caro
        Carol Carolan Carolina Caroll Carollo Caron Carone Carothers Carpenter Carpentier Carper Carpino Carpio Carr
        Carranza Carrara Carrasco Carrasquillo Carraway Carreiro Carrell Carreno Carreon Carrera Carreras Carrero
        Carrick Carrico Carrier Carriere Carrigan Carrillo Carrington Carrion Carrizales Carrol Carroll Carron Carrow
        Carrozza Carruth Carruthers Carson Carstarphen Carstens Carstensen Carswell Cartagena Carte Cartee Carter
        Cartier Cartwright Carty Caruso Caruthers Carvajal Carvalho Carver Carwell Carwile Cary Casado Casados Casady
        Casale Casanova Casares Casarez Casas Casavant Casazza Cascio Case Casella Casey Cash Cashin Cashion Cashman
        Cashwell Casiano Casias Casillas Casimir Caskey Casler Casner Cason Casper Casperson Cass Cassady Cassano
        Cassara Cassel Cassell Cassella Casselman Cassette Cassidy Cassity Casson Castagna Castaldo Castaneda Castano
        Castanon Casteel Castellano Castellanos Castelli Castello Castellon Caster Castiglia Castiglione Castile
        Castille Castilleja Castillo Castillon Castle Castleberry Castleman Casto Caston Castonguay Castor Castorena
        Castrejon Castro Caswell Catalan Catalano Cataldo Catania Catanzaro Catchings Cate Cater Cates Cathcart Cathey
        Catlett Catlin Cato Catoe Caton Catron Catt Caudell Caudill Caudillo Caudle Caufield Caughey Caulder Cauley
        Caulfield Caulkins Causby Causey Cauthen Cavalier Cavaliere Cavallaro Cavallo Cavanagh Cavanaugh Cavazos Cave
        Cavender Caver Caverly Caves Cavin Caviness Cavins Cavitt Cawley Cawthon Cayer Caylor Cayton Caywood Cazares
        Cearley Ceasar Ceaser Ceballos Cecena Cecere Cecil Cedeno Cedillo Ceja Celaya Celentano Celestin Celestine
        Celis Cendejas Ceniceros Centeno Center Centers Cepeda Cephas Cephus Cerda Cerna Cerny Ceron Cerrato Cerrone
        Cervantes Cervantez Cesar Cespedes Cessna Cevallos Cha Chabot Chace Chacko Chacon Chadbourne Chadwell Chadwick
        Chaffee Chaffin Chaffins Chafin Chagnon Chagoya Chai Chaidez Chaires Chairez Chaisson Chalfant Chalk Chalker
        Chalmers Chamber Chamberlain Chamberland Chamberlin Chambers Chamblee Chambless Chambliss Chamlee Chamness
        Chamorro Champ Champagne Champine Champion Champlin Champney Chan Chance Chancellor Chancey Chancy Chandler
        Chaney Chang Channel Channell Chao Chapa Chaparro Chapdelaine Chapel Chapell Chapin Chaplin Chapman Chappel
        Chappell Chappelle Chapple Chaput Charboneau Charbonneau Charest Charette Charity Charland Charlebois Charles
        Charleston Charlesworth Charley Charlie Charlton Charney Charon Charpentier Charron Chartier Chartrand Chase
        Chason Chasse Chastain Chasteen Chatfield Chatham Chatman Chatmon Chatterton Chau Chaudhry Chausse Chauvin
        Chavarria Chavers Chaves Chavez Chavira Chavis Chea Cheatham Cheatwood Check Chee Cheek Cheeks Cheeseman
        Cheesman Cheever Chen Chenard Chenault Cheney Cheng Chenier Chenoweth Cherry Chery Cheshire Chesley Chesney
        Chesnut Chess Chesser Chesson Chester Chestnut Cheung Chevalier Chevez Chew Chewning Chi Chiang Chiaramonte
        Chiarello Chiasson Chichester Chick Chico Chicoine Chidester Chien Chiesa Chilcote Child Childers Childress
        Childs Chiles Chill Chilson Chilton Chin Ching Chinn Chiodo Chipman Chipps Chirico Chisholm Chism Chisolm
        Chittenden Chittum Chitty Chitwood Chiu Chivers Chmielewski Chmura Cho Choate Choe Choi Choice Chojnacki Chon
        Chong Choquette Chou Choudhury Chouinard Chow Chowdhury Choy Chretien Chrisman Christ Christen Christensen
        Christenson Christian Christiano Christiansen Christianson Christie Christman Christmas Christner
        Christofferse Christofferso Christopher Christopherso Christy Chronister Chu Chubb Chumbley Chumley Chun Chung
        Chunn Chupp Church Churchill Churchwell Chute Cianciolo Ciccone Cicero Cienfuegos Cieslak Cifuentes Cilley
        Cimino Cinnamon Cintron Cioffi Ciotti Cipolla Cipriani Cipriano Cirillo Cirilo Cisco Cisneros Cissell Cistrunk
        Citizen Claar Claassen Clabaugh Claborn Clack Claflin Claiborne Clair Claire Clairmont Clancy Clanton Clapp
        Clapper Clardy Clare Clark Clarke Clarkson Clary Class Classen Clatterbuck Claude Claudio Claunch Claus
        Clausen Clausing Clauson Claussen Clawson Claxton Clay Clayborn Clayborne Claybrooks Claycomb Claypool
        Claypoole Clayson Clayton Claytor Clear Cleary Cleaver Cleaves Cleek Clegg Cleghorn Cleland Clem Clemens
        Clement Clemente Clements Clemmer Clemmons Clemons Clendening Clerk Clermont Cleveland Clevenger Clever
        Clevinger Clewis Click Client Cliff Clifford Clift Clifton Climer Clinard Cline Clinger Clingerman Clingman
        Clink Clinkscales Clinton Clodfelter Cloer Cloninger Clontz Clopton Clore Close Closson Clothier Cloud Clough
        Clouse Clouser Cloutier Clover Clow Clower Clowers Cloyd Clubb Cluck Cluff Clukey Clune Clute Clutter Clyburn
        Clyde Clymer Clyne Coach Coachman Coady Coakley Coan Coates Coats Coaxum Cobb Cobbins Cobble Cobbs Coberly
        Coble Cobos Coburn Coca Cochran Cochrane Cockburn Cockerham Cockrell Cockrum Coco Coddington Coder Cody Coe
        Coelho Coello Coen Cofer Coffee Coffelt Coffey Coffield Coffin Coffman Cofield Cogan Cogar Cogburn Cogdell
        Cogdill Coger Coggin Coggins Coghill Coghlan Cogswell Cohan Cohee Cohen Cohn Cohrs Coil Coke Coker Cokley Cola
        Colangelo Colas Colbert Colburn Colby Colclough Coldiron Coldwell Cole Colegrove Colella Coleman Coles Coletti
        Coley Colgan Colin Coll Collado Collar Collard Collazo Collett Collette Colletti Colley Collie Collier
        Colligan Collin Collings Collins Collinson Collinsworth Collis Collison Collman Collum Colman Colmenero
        Colombo Colon Colorado Colosimo Colpitts Colquitt Colson Colston Colter Colton Colucci Columbia Columbus
        Colunga Colvard Colvin Colwell Colyer Comacho Combest Combs Comeau Comeaux Comer Comerford Comes Comfort
        Comiskey Commander Commons Como Compo Compos Compton Comstock Conant Conard Conatser Conaway Conboy Concannon
        Concepcion Conde Conder Condie Condit Condon Condra Condrey Condron Cone Conerly Coney Confer Conforti Congdon
        Conger Conigliaro Coniglio Conkle Conklin Conkling Conlan Conlee Conley Conlin Conlon Conn Connally Connell
        Connelly Conner Conners Connery Connolly Connor Connors Conover Conrad Conroy Considine Constable Constance
        Constant Constantine Constantino Conte Conti Contreras Converse Convery Conway Conwell Conyer Conyers Coogan
        Cook Cooke Cooks Cooksey Cookson Cool Coolbaugh Cooley Coolidge Coombs Coomer Coomes Coon Cooney Coonrod Coons
        Coop Cooper Cooperman Cooter Coots Coover Copas Cope Copeland Copenhaver Copes Copher Coplan Copland Copley
        Coplin Copp Coppa Coppage Coppedge Copper Coppin Coppinger Copple Coppock Coppola Cora Corbeil Corbell Corbett
        Corbin Corbitt Corbo Corby Corchado Corcoran Cordeiro Cordell Corder Cordero Cordes Cordle Cordoba Cordon
        Cordova Cordray Core Corea Corey Coria Coriell Cork Corker Corkery Corl Corle Corlett Corlew Corley Corliss
        Cormack Corman Cormier Corn Cornejo Cornelison Cornelius Cornell Corner Cornett Cornette Corning Cornish
        Cornman Corns Cornwall Cornwell Corona Coronado Coronel Corp Corpus Corpuz Corr Corrado Corral Corrales Correa
        Correia Correll Corrigan Corriveau Corry Corsi Corso Corson Cort Cortes Cortese Cortez Cortina Cortinas
        Cortright Corum Corvin Corwin Cory Coryell Cosby Cosentino Cosenza Cosey Cosgrove Cosme Cosner Cosper Coss
        Cossette Cossey Cost Costa Costales Costantino Costanza Costanzo Costas Costello Coster Costigan Costilla
        Costillo Costin Costner Coston Cota Cote Cothern Cothran Cothren Cotner Coto Cotta Cotten Cotter Cottingham
        Cottle Cottman Cotto Cotton Cottone Cottrell Cottrill Couch Couey Coughlan Coughlin Coulombe Coulson Coulston
        Coulter Council Countess Countryman Counts Cournoyer Coursey Courson Court Courtemanche Courter Courtney
        Courtois Courtright Courts Courville Coury Cousar Cousin Cousins Coutee Couto Couts Coutu Couture Covarrubias
        Covell Covelli Cover Coverdale Covert Covey Covin Covington Cowan Cowans Coward Cowart Cowden Cowell Cowen
        Cowger Cowgill Cowherd Cowie Cowles Cowley Cowling Cowman Cox Coy Coyer Coyle Coyne Cozad Cozart Crabb Crabill
        Crabtree Cracraft Craddock Crader Craft Crafton Crafts Craig Craighead Crain Craine Cram Cramer Crampton
        Crandall Crandell Crane Craner Craney Cranford Crank Cranmer Cranor Cranston Crary Crase Crass Craven Cravens
        Craver Craw Crawford Crawley Cray Crayton Creager Creagh Creamer Creasey Creasman Creason Creasy Credle Cree
        Creech Creed Creek Creekmore Creel Creger Creighton Cremeans Crenshaw Crepeau Crespin Crespo Cress Cressey
        Cresswell Creswell Crew Crews Cribb Cribbs Crichton Crick Criddle Crider Crigger Crigler Crim Crimmins Criner
        Cripe Crippen Cripps Crisci Crisler Crisman Crisp Crispin Criss Crissman Crist Cristobal Criswell Critchfield
        Critchlow Crites Crittenden Crittendon Crivello Croce Crochet Crocker Crockett Crofoot Croft Crofts Croker
        Croley Croll Cromartie Cromer Cromley Crompton Cromwell Cron Cronan Crone Cronin Cronk Crook Crooker Crooks
        Croom Crooms Cropper Crosby Crose Crosier Croskey Crosland Crosley Cross Crossen Crossett Crossland Crossley
        Crosslin Crossman Crossno Crosson Crosswhite Croston Croswell Croteau Crothers Crotts Crotty Crouch Crouse
        Crow Crowder Crowe Crowell Crowl Crowley Crown Crownover Crowson Crowther Croxton Croy Croyle Crozier Cruce
        Crudup Cruickshank Cruise Crum Crumb Crumble Crumbley Crume Crumley Crump Crumpler Crumpton Crumrine Crunk
        Cruse Crutcher Crutchfield Cruz Cruzado Cryer Crystal Cuadra Cuadrado Cubbage Cuccia Cudd Cuddy Cude Cudjoe
        Cudney Cue Cuellar Cuesta Cueto Cueva Cuevas Cuff Cuffee Cuffie Culberson Culbert Culbertson Culbreath
        Culbreth Cull Cullen Cullens Culler Culley Culligan Cullinan Cullins Cullison Cullum Cully Culotta Culp
        Culpepper Culver Culwell Cumberbatch Cumberland Cumbie Cumming Cummingham Cummings Cummins Cundiff Cuneo Cunha
        Cunniff Cunningham Cuomo Cupp Cupples Cupps Curci Curcio Curd Cureton Curiel Curl Curlee Curley Curnutt Curran
        Curren Currence Current Currey Currie Currier Currin Curry Curtin Curtis Curtiss Curto Curtsinger Cusack
        Cushing Cushman Cusick Cusson Custard Custer Custis Custodio Cusumano Cuthbert Cuthbertson Cutler Cutlip
        Cutrer Cutright Cutshall Cutshaw Cutter Cutting Cutts Cuyler Cybulski Cypert Cyphers Cyr Cyrus Czajkowski
        Czapla Czarnecki Czech Czerwinski Dabbs Dabney Dabrowski Dacosta Dacus Daddario Dade Dagenais Daggett
        Dagostino Dahl Dahlberg Dahle Dahlen Dahlgren Dahlin Dahlke Dahlquist Dahlstrom Dahmen Dahms Daigle Daigneault
        Daigre Dail Dailey Daily Dake Dalby Dale Dales Dalessandro Dalessio Daley Dalke Dall Dallas Dalley Dalrymple
        Dalton Daluz Daly Dalzell Dam Damato Dambrosio Dame Dameron Dames Damian Damiani Damiano Damico Damm Dammann
        Damon Damore Dampier Damron Dan Dana Danaher Dance Dancer Dancy Dandrea Dandridge Dandy Dane Danek Danford
        Danforth Dang Dangelo Dangerfield Daniel Daniell Daniels Danielson Danis Danko Danley Dann Danna Dannenberg
        Danner Danos Dansby Dansereau Dant Dantin Dantonio Dantzler Danz Danzy Dao Darbonne Darby Darcy Dardar Darden
        Dare Dargan Dark Darland Darley Darling Darlington Darnall Darnell Darosa Darr Darrah Darrell Darrington
        Darrow Darst Dart Darville Darwin Das Dash Dasher Dashiell Dashner Dasilva Dates Dattilo Daub Daubert
        Daugherty Daughtery Daughtrey Daughtridge Daughtry Daulton Daum Dauphin Dauphinais Davalos Dave Davenport
        Daves Davey David Davids Davidson Davie Davies Davila Davilla Davin Davis Davison Davisson Davy Daw Dawe Dawes
        Dawkins Dawley Dawn Daws Dawson Day Daye Days Dayton Deacon Deady Deakins Deal Dealba Dean Deanda Deane
        Deangelis Deangelo Deans Dear Dearborn Deardorff Dearing Dearman Dearmond Dearth Deas Deason Deatherage Deaton
        Deaver Deavers Debellis Deberry Deblois Debnam Deboer Debolt Debord Debose Debusk Decamp Decarlo Decaro
        Decastro Decesare Dechant Decicco Deck Deckard Decker Deckert Declue Decola Decosta Decoteau Dedeaux Dedman
        Dedmon Dedrick Dee Deeds Deegan Deel Deem Deemer Deems Deen Deer Deere Deering Dees Deese Deeter Defalco
        Defazio Defelice Defeo Defilippo Defoor Deford Deforest Deforge Defrancisco Defranco Defreitas Degarmo Degen
        Degennaro Degeorge Degnan Degraff Degraffenreid Degraw Degree Degregorio Degroat Degroot Deguzman Dehaan
        Dehart Dehaven Deherrera Dehn Dehner Dehoyos Deines Deitch Deitz Dejarnette Dejean Dejesus Dejohn Dejong
        Dekker Delacerda Delacruz Delafuente Delagarza Delahoussaye Delamora Delancey Delaney Delano Delany Delao
        Delapaz Delapena Delariva Delarosa Delatorre Delatte Delaughter Delaune Delavega Delay Delbosque Delcambre
        Delcastillo Delcid Delee Deleo Deleon Delfino Delgadillo Delgado Delia Delima Delisle Delk Delker Dell
        Dellinger Delmonte Deloach Deloatch Deloera Deloney Delong Delorenzo Delorme Delosreyes Delossantos Delozier
        Delp Delph Delreal Delrio Delrosario Delsignore Deltoro Deluca Delucia Deluna Delvalle Delvecchio Demaio Demar
        Demarco Demaree Demarest Demaria Demaris Demars Demartini Demartino Demasi Dematteo Demby Demello Demelo
        Dement Demeo Demers Demery Deming Demko Demmer Demming Demoss Demott Demps Dempsey Dempster Demuth Denault
        Denby Dendy Dengler Denham Denis Denison Denk Denker Denman Denmark Denn Dennard Dennehy Dennen Dennett Denney
        Dennie Denning Dennis Dennison Denniston Denny Densmore Denson Dent Denton Denzer Depalma Depasquale Depaul
        Depaz Depew Depp Depriest Depue Deputy Depuy Deramus Derby Dermody Deroche Derosa Derose Derosier Derossett
        Derouen Derr Derrick Derrickson Derrico Derringer Derry Derryberry Dery Desai Desalvo Desanti Desantiago
        Desantis Desch Deschamp Deschamps Deschenes Descoteaux Deshazo Deshields Deshong Deshotel Desiderio Desilets
        Desilva Desimone Desir Desjardins Deskins Deslauriers Desmarais Desmond Desoto Desousa Desouza Despain Despres
        Desrochers Desroches Desrosiers Dessert Destefano Detrick Dettman Detweiler Detwiler Deutsch Devane Devaney
        Devaughn Devault Deveau Dever Devera Devereaux Devers Deville Devine Devinney Devita Devito Devitt Devlin
        Devoe Devore Devos Devries Dew Dewald Dewall Dewalt Dewar Dewberry Dewees Deweese Dewey Dewitt Dewolf Dewolfe
        Dewoody Dews Dexter Dey Deyo Deyoung Dial Dials Diamond Diana Dias Diaz Dibble Dibella Dibenedetto Dibiase
        Diblasi Dicarlo Dice Dick Dicken Dickens Dickenson Dickerman Dickerson Dickert Dickey Dickie Dickinson
        Dickison Dickman Dicks Dickson Dicus Didomenico Didonato Diebold Diederich Diedrich Diego Diehl Diemer Diener
        Diep Dierking Dierks Dieter Dietrich Dietrick Dietz Diez Difiore Difranco Digby Digennaro Diggins Diggs
        Digiacomo Digiovanni Digirolamo Digregorio Dike Dilbeck Dilday Dildy Dileo Dill Dillard Dille Diller Dilley
        Dillinger Dillingham Dillion Dillman Dillon Dillow Dills Dilorenzo Dilworth Dimaggio Dimarco Dimartino Dimas
        Dimatteo Dimattia Dimauro Dimick Dimmick Dimond Dinan Dinapoli Dinardo Dineen Dines Dinger Dinges Dingess
        Dingle Dingler Dingman Dingus Dinh Dinkel Dinkins Dinsmore Dinwiddie Dion Dionisio Dionne Diorio Dipalma
        Dipaola Dipaolo Dipasquale Dipietro Direnzo Dirks Dirksen Disalvo Disanto Dishman Dishon Disla Dismuke
        Dismukes Disney Dison Distefano Ditch Dittman Dittmar Dittmer Ditto Dittrich Ditullio Dively Divers Divine
        Divito Dix Dixion Dixon Dixson Dizon Doak Doan Doane Dobbins Dobbs Dobos Dobson Doby Dock Dockery Dockins
        Doctor Dodd Dodds Dodge Dodgen Dodrill Dodson Doe Doering Doerr Dogan Doggett Doherty Dohrmann Doi Doiron
        Dolan Dolby Dolce Dole Doles Dolezal Dolin Doll Dollar Dollard Dollinger Dolloff Dolly Dolph Dolphin Dolson
        Doman Dombroski Dombrowski Domenech Domenico Domingo Domingue Domingues Dominguez Dominick Dominique Domino
        Dominquez Dominy Don Donaghy Donahoe Donahue Donald Donaldson Donalson Donati Donato Donegan Donelson Doner
        Dones Doney Dong Donis Donley Donlon Donmoyer Donnell Donnellan Donnelly Donner Donofrio Donoghue Donoho
        Donohoe Donohue Donovan Doody Doolan Dooley Doolin Doolittle Dorado Doran Dorazio Dore Dorey Dorfman Dorgan
        Doria Doris Dority Dorman Dorn Dorner Dorothy Dorr Dorrance Dorris Dorrough Dorsch Dorsett Dorsey Dortch
        Dorton Dory Dosch Doss Dossantos Dossett Dostal Doster Dostie Doten Dotson Dotts Doty Doubleday Doucet
        Doucette Doud Dougan Dougherty Doughty Douglas Douglass Douse Douthit Douthitt Dove Dover Doverspike Dow Dowd
        Dowdell Dowden Dowdle Dowdy Dowe Dowell Dowler Dowling Downard Downer Downes Downey Downie Downing Downs Doxey
        Doyal Doyle Doyon Dozier Draeger Drago Dragon Dragoo Drain Drake Drakeford Drakes Drane Drapeau Draper Draughn
        Draves Dray Drayer Drayton Drees Dreher Dreiling Drennan Drennen Drennon Dress Dresser Dressler Drew Drewes
        Drewry Drews Drexler Dreyer Driggers Driggs Drinkard Drinnon Driscoll Driskell Driskill Driver Drolet Drost
        Drouin Drown Drozd Drucker Drum Drumheller Drumm Drummer Drummond Drury Dry Dryden Drye Dryer Drysdale Duarte
        Dubay Dube Dubin Dubinsky Dublin Dubois Dubose Dubreuil Dubuc Dubuisson Dubuque Duby Duca Ducan Ducharme
        Duchene Duchesne Duck Ducker Duckett Ducksworth Duckworth Duclos Ducote Duda Dudash Dudek Dudgeon Dudley Due
        Duell Duenas Duerr Duet Dufault Duff Duffey Duffield Duffin Duffy Dufour Dufrene Dufresne Dugan Dugas Duggan
        Dugger Duggins Duguay Duhart Duhon Duke Dukes Dulac Dulaney Duley Dulin Dull Dumais Dumas Dummer Dumond Dumont
        Dunagan Dunavant Dunaway Dunbar Duncan Duncanson Dundas Dunfee Dunford Dungan Dunham Dunigan Dunkel
        Dunkelberger Dunkin Dunkle Dunkley Dunklin Dunlap Dunleavy Dunlop Dunmire Dunmore Dunn Dunnam Dunne Dunneback
        Dunnigan Dunning Dunphy Dunson Dunston Dunton Duong Duplantis Duplessis Dupont Duppstadt Dupras Dupre Dupree
        Duprey Dupuis Dupuy Duque Duquette Duran Durand Durant Durante Durazo Durbin Durden Duren Durfee Durgan Durgin
        Durham Durkee Durkin Durocher Duron Durr Durrah Durrant Durrett Durso Durst Duryea Dusek Dussault Dustin
        Dutcher Dutil Dutra Dutton Duty Duval Duvall Dvorak Dwight Dwyer Dyal Dyar Dyck Dycus Dye Dyer Dyess Dyke
        Dykema Dykes Dykstra Dysart Dyson Dziedzic Eaddy Eades Eadie Eads Eady Eagan Eager Eagle Eaglin Eaker Eakes
        Eakin Eakins Ealey Ealy Eames Eanes Eargle Earhart Earl Earle Earles Earley Earls Early Earnest Earnhardt
        Earnshaw Earp Earwood Easley Eason East Eastburn Eastep Easter Easterday Easterling Easterly Easterwood
        Eastham Eastin Eastland Eastman Easton Eastridge Eastwood Eatman Eatmon Eaton Eaves Ebbert Ebel Ebeling
        Eberhard Eberhardt Eberhart Eberle Eberly Ebersole Ebert Ebling Ebner Ebron Eby Eccles Eccleston Echavarria
        Echevarria Echeverria Echols Eck Eckard Eckart Eckel Eckenrode Ecker Eckert Eckhardt Eckhart Eckhoff Eckler
        Eckles Eckley Ecklund Eckman Eckstein Ector Eddie Eddings Eddington Eddins Eddleman Eddy Edelen Edelman
        Edelson Edelstein Eden Edenfield Edens Eder Edgar Edge Edgell Edgerly Edgerton Edgin Edgington Edick Edie
        Edinger Edington Edison Edler Edman Edmiston Edmond Edmonds Edmondson Edmonson Edmunds Edmundson Edney Edson
        Edward Edwards Edwin Eells Efird Egan Egbert Eger Egerton Eggen Egger Eggers Eggert Eggleston Eguia Ehlers
        Ehlert Ehmann Ehrenberg Ehret Ehrhardt Ehrhart Ehrlich Eich Eichelberger Eicher Eichhorn Eichler Eichner
        Eichorn Eickhoff Eide Eidson Eiland Eiler Eilerman Eilers Eisele Eisen Eisenbarth Eisenberg Eisenhart
        Eisenhauer Eisenhower Eisenman Eisenstein Eisner Eklund Ekstrom Elam Elamin Elbert Elder Elders Eldred
        Eldredge Eldridge Elem Eley Elgin Elia Elias Eliason Elie Elizalde Elizondo Elkin Elkins Elks Ellard Elledge
        Ellefson Ellenberger Ellenburg Ellender Eller Ellerbe Ellerbee Ellerman Ellett Ellinger Ellingson Ellingsworth
        Ellington Elliot Elliott Ellis Ellison Elliston Ellman Ells Ellsworth Ellwood Ellzey Elmer Elmore Elms Elrod
        Elsass Elsberry Elsea Elser Elsey Elsner Elson Elston Elswick Elton Elwell Elwood Ely Elzey Elzy Emanuel
        Emberton Embree Embrey Embry Emerick Emerson Emert Emery Emig Emigh Emmanuel Emmer Emmerich Emmert Emmett
        Emmons Emond Emory Emrich Emrick Encarnacion Encinas Enciso Enders Endicott Endo Endres Endsley Eng
        Engebretson Engel Engelbrecht Engelhardt Engelke Engelman Engelmann Engels Engen Enger England Engle Englehart
        Engleman Engler Englert Engles English Englund Engman Engram Engstrom Enloe Enlow Ennis Eno Enoch Enochs Enos
        Enright Enriquez Ensign Ensley Ensminger Ensor Entrekin Entwistle Enyeart Eoff Epley Epling Epp Epperly
        Epperson Eppinger Eppler Epps Epstein Erazo Erb Erbe Erby Erdman Erdmann Erhardt Erhart Ericksen Erickson
        Ericson Eriksen Erikson Erlandson Erler Ernest Ernst Errico Erskine Ertel Ertl Ervin Erving Erwin Escalante
        Escalera Escalona Escamilla Escarcega Escobar Escobedo Escoto Escudero Eshelman Eshleman Eskew Eskridge Eslick
        Eslinger Espada Espana Esparza Esperanza Espey Espinal Espino Espinosa Espinoza Espiritu Espitia Esposito Espy
        Esqueda Esquer Esquibel Esquivel Essary Esser Essex Estabrook Esteban Estell Estelle Estep Estepp Ester
        Esterly Esters Estes Esteves Estevez Estey Estill Estrada Estrella Etchison Etheredge Etheridge Etherton
        Ethier Ethridge Etienne Etter Ettinger Etzel Eubank Eubanks Eudy Eugene Euler Eure Eurich Eury Eusebio Eustice
        Evan Evangelista Evanoff Evans Evatt Eveland Evelyn Even Evens Evenson Everett Everette Everhart Everitt
        Everly Everman Evers Eversole Everson Evert Everton Everts Eves Evins Ewald Ewalt Ewart Ewell Ewen Ewers Ewert
        Ewing Exley Exline Exum Eye Eyler Eyman Eyre Ezell Ezzell Fabela Faber Fabian Fabiano Fabre Fabrizio Fabry
        Facer Fackler Factor Fader Fagan Fager Fagg Fagin Fagundes Fahey Fahy Failla Fails Fain Fair Fairbairn
        Fairbank Fairbanks Fairchild Faircloth Fairfax Fairfield Fairley Fairman Fairweather Faison Faith Fajardo
        Falbo Falco Falcon Falcone Falconer Fales Falgoust Falgout Falk Falkner Fall Faller Fallin Fallis Fallon Falls
        Falzone Fambro Fan Fancher Fane Fanelli Fang Fankhauser Fann Fannin Fanning Fansler Fant Farah Farber Farfan
        Fargo Farhat Faria Farias Farina Faris Farish Farkas Farley Farlow Farmer Farner Farney Farnham Farnsworth
        Farnum Farquhar Farr Farrand Farrar Farrel Farrell Farrelly Farren Farrer Farrier Farrington Farrior Farris
        Farrish Farrow Farthing Farwell Fasano Fasching Fason Fassett Fast Faucett Faucette Faucher Faught Faul Faulk
        Faulkner Faulks Fauntleroy Faust Fauver Fava Favela Favorite Favors Favreau Faw Fawcett Fay Fazio Feagin Fearn
        Fearon Fears Feaster Feather Feathers Featherston Featherstone Febus Fecteau Feddersen Fedele Feder Federico
        Fedler Fedor Fee Feeley Feely Feemster Feeney Fegan Fegley Feher Fehr Feinberg Feingold Feinstein Feist Felan
        Feld Felder Feldman Feldmann Feldstein Feldt Felice Feliciano Felipe Felix Feliz Felker Fell Feller Fellers
        Fellman Fellows Fells Felt Felten Feltman Feltner Felton Felts Felty Fender Fenderson Fendley Feng Fenimore
        Fenley Fenn Fennell Fenner Fenske Fenster Fenstermacher Fenstermaker Fenton Fentress Fenwick Ferber Ferdinand
        Ferebee Fergerson Fergus Ferguson Ferland Fermin Fern Fernald Fernandes Fernandez Fernando Ferrante Ferranti
        Ferrara Ferrari Ferraro Ferree Ferreira Ferrel Ferrell Ferrer Ferrera Ferreri Ferrero Ferretti Ferri Ferrier
        Ferriera Ferrigno Ferrill Ferrin Ferris Ferro Ferron Ferry Fessenden Fessler Festa Fett Fetter Fetterman
        Fetters Fetty Fetzer Feuerstein Few Fewell Fey Fiala Fichter Fick Fickes Ficklin Fidler Fiecke Fiedler Field
        Fielden Fielder Fielding Fields Fierro Fierros Fife Fifer Fifield Figaro Figeroa Figgs Figueiredo Figueredo
        Figueroa Fike Fikes File Filer Files Filip Filkins Filler Fillion Fillman Fillmore Filson Fimbres Finamore
        Finan Finch Fincham Fincher Finck Findlay Findley Fine Finger Fink Finkbeiner Finke Finkel Finkelstein Finkle
        Finklea Finks Finlay Finlayson Finley Finn Finnegan Finnell Finnerty Finney Finnie Fiore Fiorentino Fiorillo
        Fiorini Fiorito Fiqueroa Firestone Firkins Firth Fisch Fischer Fiscus Fish Fishback Fishburn Fishel Fisher
        Fishman Fisk Fiske Fitch Fitchett Fite Fitting Fitts Fitz Fitzgerald Fitzgibbon Fitzgibbons Fitzhugh
        Fitzmaurice Fitzpatrick Fitzsimmons Fitzwater Fix Fizer Flach Flack Flagg Flaherty Flake Flakes Flanagan
        Flanary Flanders Flanery Flanigan Flannagan Flannery Flannigan Flatt Flaugher Flavin Flax Fleck Fleckenstein
        Fleeman Fleener Fleenor Fleet Fleetwood Fleischer Fleischman Fleischmann Fleisher Fleishman Fleming Flemings
        Flemister Flemming Flesher Fleshman Fletcher Fleury Flick Flickinger Flinchbaugh Flinchum Flinn Flint Flippen
        Flippo Flock Flohr Flood Flor Flora Florence Flores Florez Florian Florio Flory Flournoy Flower Flowers Floyd
        Fludd Fluellen Fluharty Fluitt Fluker Flury Fly Flynn Flynt Flythe Fobbs Focht Fodor Foerster Fogarty Fogel
        Fogg Fogle Fogleman Foland Folden Foley Folger Folk Folkerts Folkes Folks Follansbee Follett Follis Follmer
        Folmar Folse Folsom Foltz Fomby Fonda Fondren Fong Fonseca Font Fontaine Fontana Fontanez Fontenot Fontes
        Fonville Foor Foos Foote Footman Foran Forand Forbes Forbis Forbus Forbush Force Forcier Ford Forde Fordham
        Fordyce Fore Forehand Foreman Forest Forester Foret Forgey Forgione Forman Forney Forrest Forrester Forsberg
        Forshee Forsman Forst Forster Forsyth Forsythe Fort Forte Fortenberry Fortes Forth Fortier Fortin Fortino
        Fortner Fortney Fortson Fortuna Fortunato Fortune Forward Fosdick Foshee Foskey Foss Fossett Fossum Foster
        Foti Fouch Fouche Foulds Foulk Foulks Fountain Fournier Fouse Foushee Foust Fout Foutch Fouts Foutz Fowler
        Fowles Fowlkes Fox Foxwell Foxworth Foxx Foy Foye Frady Fraga Fragoso Fraher Frahm Frailey Fraire Fraise
        Fraizer Frakes Fraley Fralick Frame Frampton France Frances Francis Francisco Franck Franco Francois Frandsen
        Frank Franke Frankel Franklin Franko Franks Franqui Fransen Franson Frantz Franz Franzen Frary Frase Fraser
        Frasher Frasier Frasure Frates Frausto Frawley Fray Frazee Frazer Frazier Freas Frechette Fred Freda Frederick
        Fredericks Fredericksen Frederickson Fredette Fredrick Fredricks Fredrickson Free Freeborn Freed Freedman
        Freel Freeland Freels Freeman Freer Freese Freeze Fregoso Frei Freitag Freitas Fremont French Frenette Frenzel
        Frerichs Frese Freshour Freshwater Fresquez Fretwell Freudenburg Freund Frew Frey Friar Frias Frick Fricke
        Fricks Friday Friddle Fridley Fried Friedel Friedland Friedlander Friedman Friedrich Friel Friend Frier
        Frierson Fries Friese Friesen Frigo Friley Frink Frisbee Frisbie Frisby Frisch Frisina Frisk Frison Fritch
        Frith Fritsch Fritsche Fritts Fritz Fritze Fritzler Frizzell Froehlich Froelich Froman Fromm Fronk Frost Fruge
        Fry Fryar Frye Fryer Fryman Fuchs Fudge Fuell Fuentes Fuentez Fugate Fuhr Fuhrman Fujii Fujimoto Fujita
        Fujiwara Fulbright Fulcher Fulford Fulgham Fulghum Fulk Fulkerson Fulks Fullbright Fullen Fuller Fullerton
        Fullilove Fullmer Fullwood Fulmer Fulmore Fulp Fulton Fults Fultz Funari Funches Funchess Funderburg
        Funderburk Funes Fung Funk Funke Funkhouser Fuqua Fuquay Furey Furguson Furlong Furlow Furman Furness Furr
        Furrow Furry Furst Furtado Fusco Fuselier Fuson Fussell Fuston Futch Futral Futrell Fye Fyfe Fyffe Gabaldon
        Gabbard Gabbert Gabel Gable Gabler Gabor Gabriel Gabriele Gabrielson Gadberry Gadbois Gadd Gaddis Gaddy
        Gadsden Gadson Gaertner Gaeta Gaffney Gafford Gage Gagliano Gagliardi Gagne Gagner Gagnier Gagnon Gahagan
        Gaier Gailey Gaillard Gain Gainer Gaines Gainey Gains Gaiser Gaitan Gaiter Gaither Gajewski Galan Galante
        Galarza Galasso Galaviz Galaz Galbraith Galbreath Galdamez Gale Galeana Galeano Galentine Gales Galey Galgano
        Galiano Galicia Galindo Galipeau Gall Gallager Gallagher Gallaher Gallant Gallardo Gallaway Galle Gallego
        Gallegos Galles Galli Gallien Galligan Galliher Gallimore Gallion Gallman Gallo Gallop Galloway Gallucci
        Gallup Galusha Galvan Galvez Galvin Galyean Galyon Gama Gamache Gambill Gambino Gamble Gamblin Gamboa Gambrel
        Gambrell Games Gamez Gamino Gammage Gammill Gammon Gammons Gan Gandara Gander Gandhi Gandy Ganey Ganley Gann
        Gannaway Gannon Gano Gans Gant Gantt Gantz Ganz Gao Gaona Garay Garbarino Garber Garbutt Garceau Garces Garcia
        Gard Gardea Gardella Garden Gardener Gardenhire Gardin Gardiner Gardner Garduno Garett Garey Garfield
        Garfinkel Gargano Garibay Garica Gariepy Garland Garlick Garling Garlock Garlow Garman Garmon Garneau Garner
        Garnes Garnett Garney Garnica Garofalo Garon Garoutte Garr Garrard Garraway Garren Garret Garretson Garrett
        Garrick Garrido Garriga Garriott Garris Garrison Garrity Garrow Garry Garst Garten Garth Gartland Gartman
        Gartner Garton Garver Garvey Garvin Garwood Gary Garza Garzon Gasaway Gascon Gaskell Gaskill Gaskin Gaskins
        Gaspar Gaspard Gasper Gass Gassaway Gasser Gassett Gast Gastelum Gaston Gately Gates Gatewood Gathers Gatlin
        Gatling Gatson Gatti Gattis Gatto Gatton Gaudet Gaudette Gaudreau Gauger Gaughan Gaul Gaulke Gault Gauna Gaunt
        Gauntt Gause Gauthier Gautier Gautreau Gautreaux Gauvin Gaver Gavin Gaw Gay Gayden Gaydos Gayer Gayhart Gayle
        Gaylor Gaylord Gayman Gaymon Gaynor Gaytan Gayton Gazaway Gean Gearhart Gearheart Geary Gebhard Gebhardt
        Gebhart Gebo Geddes Geddie Gee Geer Geesey Gehl Gehlert Gehring Gehrke Geib Geibel Geier Geiger Geil Geis
        Geise Geiser Geisler Geissler Geist Gelb Gelinas Geller Gelman Gemmill Genao Gendreau Gendron Genest Gengler
        Geno Genova Genovese Gent Genthner Gentile Gentle Gentner Gentry Geoghegan George Georges Gephart Gerace
        Geraci Geraghty Gerald Gerard Gerardi Gerber Gerdes Geren Gerena Gerhard Gerhardt Gerhart Gerke Gerken Gerlach
        Gerling Germain German Germann Germano Germany Gerner Gero Gerow Gerrard Gerrish Gerrity Gerry Gerson Gerst
        Gerstein Gerstner Gerth Gertz Gervais Gess Gessner Getchell Geter Gethers Gettinger Getty Gettys Getz Geyer
        Ghee Ghent Gholson Gholston Giambrone Giancola Giannini Giannone Giardina Gibb Gibbens Gibbon Gibbons Gibbs
        Gibby Giblin Gibney Gibson Giddens Giddings Gideon Gidley Gidney Gies Giese Giesen Giffin Gifford Gift Giglio
        Gigliotti Giguere Gil Gilbert Gilbertson Gilbreath Gilchrist Gilcrease Gildea Gilden Gilder Gildersleeve Gile
        Giles Gilfillan Gilford Gilham Gilkes Gilkey Gill Gillam Gillan Gilland Gillard Gilleland Gillen Gillenwater
        Gilles Gillespie Gillett Gillette Gilley Gillham Gilliam Gillian Gilliard Gillie Gillies Gilligan Gilliland
        Gillingham Gillins Gillis Gillison Gillispie Gillman Gillmore Gillock Gillon Gills Gillum Gilman Gilmartin
        Gilmer Gilmore Gilmour Gilpin Gilreath Gilroy Gilson Gilstrap Giltner Gilyard Gimbel Gimenez Ginder Gines
        Gingerich Gingras Gingrich Ginn Ginsberg Ginsburg Ginter Ginther Ginyard Gioia Giordano Giorgi Gipe Gipson
        Giraldo Girard Girardi Giron Girouard Giroux Girton Gish Gisi Gist Gittens Giuliani Giuliano Giunta Giusti
        Givan Given Givens Gladden Gladding Glade Gladney Gladson Gladstone Glancy Glanton Glantz Glanz Glasco Glaser
        Glasgow Glasper Glaspie Glass Glasscock Glasser Glassman Glatt Glaude Glaze Glazer Glazier Gleason Gleaton
        Gleaves Gledhill Gleeson Glen Glenn Glennon Glessner Glick Glickman Glidden Glidewell Glines Glisson Gloria
        Gloss Gloster Glover Glowacki Gluck Glynn Goad Gobeil Gobel Gober Gobert Gobin Goble Gochenour Godbey Godbold
        Godbolt Godbout Godby Goddard Godfrey Godin Godina Godines Godinez Godley Godoy Godsey Godwin Goebel Goehring
        Goering Goetsch Goetz Goff Goforth Goggans Goggin Goggins Goguen Goheen Goin Goines Goings Goins Gokey Gold
        Goldberg Goldblatt Golden Goldenberg Golder Goldfarb Goldie Golding Goldman Goldner Goldsberry Goldsborough
        Goldsby Goldschmidt Goldsmith Goldstein Goldston Goley Golightly Goll Golla Golliday Golson Golston Golub
        Gomer Gomes Gomez Goncalves Gonce Gong Gongora Gonsales Gonsalez Gonsalves Gonser Gonyea Gonzalas Gonzales
        Gonzalez Goo Gooch Good Goodale Goodall Goode Goodell Gooden Goodenough Goodfellow Goodin Gooding Goodlett
        Goodloe Goodlow Goodman Goodner Goodnight Goodrich Goodridge Goodrow Goodrum Goods Goodsell Goodson Goodspeed
        Goodwill Goodwin Goodwyn Goodyear Googe Goolsby Goosby Gorby Gordan Gorden Gordillo Gordon Gordy Gore Gorecki
        Goree Gorham Goris Gorman Gormley Gorney Gorrell Gorski Gorsuch Gorton Gose Gosha Goshorn Goslin Gosnell
        Gosney Goss Gossage Gossard Gosselin Gosser Gossett Gossman Gotcher Gothard Goto Gott Gottfried Gottlieb
        Gottschalk Goucher Goudeau Goudreau Goudy Gouge Gough Gouin Goulart Gould Goulding Goulet Goulette Gourdine
        Gourley Gouveia Govan Gove Govea Gow Gowan Gowans Gowdy Gowen Gower Gowin Gowins Goyette Goza Graber Grabill
        Grable Grabowski Grace Gracey Gracia Graddy Grado Grady Graf Graff Graffam Grafton Gragg Graham Grahm Graig
        Grainger Grajeda Gram Grammer Grams Gran Granado Granados Granata Granberry Grand Granda Grandberry Grande
        Granderson Grandison Grandstaff Grandy Graney Grange Granger Granier Granillo Grant Grantham Granville Grass
        Grasser Grassi Grasso Grasty Grate Gratton Grau Gravatt Gravel Gravelle Gravely Graver Graves Gravitt Gravley
        Gravois Gray Graybeal Graybill Grayer Grays Grayson Graziani Graziano Greaney Grear Greathouse Greaves Greco
        Greear Greek Greeley Green Greenawalt Greenbaum Greenberg Greenblatt Greene Greenfield Greenhalgh Greenhaw
        Greenhill Greenidge Greening Greenland Greenlaw Greenleaf Greenlee Greenly Greenman Greeno Greenough Greenspan
        Greenstein Greenwald Greenwalt Greenway Greenwell Greenwood Greer Greeson Gregg Greggs Grego Gregoire Gregor
        Gregorio Gregory Gregson Greig Greiner Grell Gremillion Grenier Grenz Gresham Gress Greve Grey Gribble Grice
        Grider Gridley Grieco Griego Grier Gries Grieve Griffen Griffeth Griffey Griffie Griffin Griffing Griffis
        Griffith Griffiths Grigg Griggs Grigsby Grijalva Grill Grillo Grim Grimaldi Grimaldo Grimes Grimley Grimm
        Grimmer Grimmett Grimshaw Grimsley Grinder Grindle Grindstaff Griner Grinnell Grinstead Grisby Grise Grisham
        Grissett Grissom Grist Griswold Gritton Grizzard Grizzle Groat Groce Groen Groesbeck Groff Grogan Grogg Groh
        Groleau Grondin Groner Groom Grooms Groover Gros Grose Groseclose Gross Grosse Grossi Grossman Grosso
        Grosvenor Grosz Grote Groth Grothe Grounds Grout Grove Grover Groves Grow Grubb Grubbs Grube Gruber Grullon
        Grund Grundy Grunewald Grunwald Gruver Gryder Guadalupe Guajardo Gualtieri Guan Guard Guardado Guardiola
        Guarino Guay Gudino Guel Guenther Guercio Guerette Guerin Guernsey Guerra Guerrera Guerrero Guerrette Guerrier
        Guerriero Guerro Guertin Guess Guest Guevara Guffey Guglielmo Guice Guida Guidi Guido Guidry Guild Guilford
        Guill Guillaume Guillemette Guillen Guillermo Guilliams Guillory Guillot Guillotte Guimond Guin Guinan Guinn
        Guinyard Guion Guiterrez Guitierrez Guizar Gula Gulbranson Gulick Gulledge Gullett Gullette Gulley Gullickson
        Gullion Gullo Gully Gum Gumbs Gumm Gump Gunderson Gundlach Gunn Gunnell Gunnells Gunnels Gunning Gunter
        Gunther Guo Gupta Gupton Gurganus Gurley Gurney Gurrola Gurule Guse Gusman Guss Gust Gustafson Gustavson
        Gustin Guth Guthridge Guthrie Gutierez Gutierres Gutierrez Gutirrez Gutman Gutowski Gutshall Guy Guyer Guyette
        Guynn Guyton Guzik Guzman Guzzi Gwaltney Gwin Gwinn Gwyn Gwynn Haack Haag Haak Haakenson Haar Haas Haase Haber
        Haberman Habib Hack Hackbarth Hacker Hackett Hackler Hackman Hackney Hackworth Haddad Hadden Haddix Haddock
        Haddox Haden Hadfield Hadley Hadlock Hadnot Hadsell Haefner Hafer Haffey Haffner Hafford Hafley Hafner Haga
        Hagaman Hagan Hagans Hagar Hagberg Hage Hagedorn Hageman Hagemann Hagen Hager Hagerman Hagerty Haggard
        Haggerty Haggins Hagins Hagler Haglund Hagood Hagopian Hagstrom Hague Hagwood Hagy Hahn Hahne Haider Haig
        Haigh Haight Haigler Hail Haile Hailey Hain Haines Hair Haire Hairston Haislip Haith Hajek Hakala Hake Hakes
        Halbert Halcomb Haldeman Hale Hales Haley Halfacre Halford Haliburton Hall Halladay Hallam Hallberg Halle
        Hallenbeck Haller Hallett Halley Hallford Halliburton Halliday Halligan Hallinan Hallman Hallmark Hallock
        Halloran Halloway Hallowell Halls Hallum Halperin Halpern Halpin Halsey Halstead Halsted Halter Halterman
        Haltom Halton Halverson Halvorsen Halvorson Ham Hamada Haman Hamann Hamblen Hambleton Hamblin Hambly Hambrick
        Hambright Hamburg Hamburger Hamby Hamdan Hamed Hamel Hamer Hames Hamid Hamil Hamill Hamilton Hamler Hamlet
        Hamlett Hamlin Hamm Hammack Hamman Hammel Hammer Hammers Hammes Hammett Hammill Hammitt Hammock Hammon Hammond
        Hammonds Hammons Hammontree Hamner Hamon Hampson Hampton Hamrick Han Hance Hanchett Hancock Hand Handel
        Handler Handley Handy Haner Hanes Haney Hanford Hang Hanger Hank Hanke Hankerson Hankins Hankinson Hanks
        Hanley Hanlin Hanlon Hann Hanna Hannaford Hannah Hannan Hanneman Hanner Hanney Hannigan Hanning Hannon Hannum
        Hanover Hanrahan Hans Hansard Hanscom Hansel Hansell Hanselman Hansen Hansford Hanshaw Hansley Hanson Happel
        Hara Harada Haralson Harari Harbaugh Harber Harbert Harbin Harbison Harbor Harbour Harbuck Hard Hardage
        Hardaway Hardcastle Hardee Hardeman Harden Harder Hardesty Hardie Hardiman Hardin Harding Hardison Hardman
        Hardnett Hardrick Hardt Hardwick Hardy Hare Harewood Harford Harger Hargett Hargis Hargrave Hargraves
        Hargreaves Hargrove Haring Haris Harjo Harker Harkey Harkins Harkleroad Harkless Harkness Harlan Harland
        Harless Harley Harlow Harman Harmer Harmon Harms Harn Harnden Harned Harner Harness Harney Harnish Harnois
        Haro Harold Harp Harpe Harper Harpole Harpster Harr Harrah Harrel Harrell Harrelson Harrigan Harrill Harriman
        Harring Harrington Harris Harrison Harriss Harrod Harrold Harrop Harrow Harry Harsh Harshaw Harshbarger
        Harshman Hart Harte Harter Hartfield Hartford Hartig Hartigan Hartin Harting Hartl Hartle Hartley Hartline
        Hartman Hartmann Hartness Hartnett Harton Hartsell Hartsfield Hartshorn Hartsock Hartt Hartung Hartwell
        Hartwick Hartwig Harty Hartz Hartzell Hartzler Hartzog Harvard Harvell Harvey Harvill Harville Harvin Harward
        Harwell Harwood Hasan Hasbrouck Hasegawa Hash Hashimoto Haskell Haskett Haskin Haskins Haslam Hasler Haslett
        Hass Hassan Hasse Hassel Hassell Hassen Hassett Hassinger Hassler Hasson Hasting Hastings Haston Hasty Hatch
        Hatchell Hatcher Hatchett Hatfield Hathaway Hathcock Hathorn Hatley Hatmaker Hatt Hattaway Hatten Hatter
        Hatton Hau Haubert Haubrich Hauck Hauer Haug Hauge Haugen Haugh Haughey Haught Haughton Haugland Hauk Haun
        Haupt Hauptman Hause Hauser Hausman Hausmann Havard Havel Haveman Haven Havener Havens Haviland Hawbaker Hawes
        Hawk Hawke Hawker Hawkes Hawkin Hawkins Hawkinson Hawks Hawley Hawn Haworth Haws Hawthorn Hawthorne Hay
        Hayashi Haycraft Haydel Hayden Haydon Hayek Hayes Haygood Hayhurst Hayles Hayman Hayne Hayner Haynes Haynie
        Hays Hayse Hayslett Hayter Hayton Hayward Haywood Hayworth Hazard Hazel Hazelip Hazeltine Hazelton Hazelwood
        Hazen Hazlett Hazlewood Hazley Hazzard Heacock Head Headen Headlee Headley Headrick Heady Heal Heald Healey
        Healy Heaney Heap Heaps Heard Hearn Hearne Hearns Hearon Hearst Heart Heasley Heater Heath Heather Heatherly
        Heaton Heavener Heavner Hebb Heberling Hebert Hebron Hecht Heck Heckard Heckart Heckathorn Heckel Hecker
        Heckler Heckman Heckstall Hector Hedberg Hedden Hedge Hedgepeth Hedges Hedin Hedley Hedlund Hedman Hedrick
        Hedstrom Heenan Heer Heeter Heffernan Heffington Heffner Heffron Hefley Heflin Hefner Hegarty Heger Hegg
        Hegland Hegwood Heid Heide Heidel Heidelberg Heideman Heiden Heidenreich Heider Heidler Heidrick Heidt Heier
        Height Heikkinen Heil Heilig Heilman Heim Heiman Heimann Heimbach Heims Hein Heine Heineman Heinemann Heinen
        Heiner Heinlein Heinrich Heins Heintz Heintzelman Heinz Heise Heiser Heisler Heiss Heist Heitman Heitmann
        Heitz Heitzman Held Heldt Helfer Helfrich Helgeson Helland Hellard Helle Heller Hellickson Hellman Hellwig
        Helm Helman Helmer Helmers Helmick Helms Helmuth Helsel Helsley Helstrom Helt Helton Helvey Helwig Helzer
        Hembree Hemby Hemenway Hemingway Hemmer Hemming Hempel Hemphill Hempstead Henault Hendershot Henderson Hendley
        Hendon Hendren Hendrick Hendricks Hendrickson Hendrix Hendry Henegar Heng Henke Henkel Henkle Henley Henline
        Henn Henne Hennen Hennessey Hennessy Hennig Hennigan Henning Henninger Hennings Hennis Henrich Henrichs
        Henricks Henrickson Henriksen Henriques Henriquez Henry Hensel Hensen Henshaw Henslee Hensler Hensley Henson
        Hentges Henthorn Henton Hentz Hepburn Hepler Hepner Hepp Heppner Hepworth Her Herald Herb Herbert Herbst Herd
        Herdon Heredia Hereford Hering Herlihy Herman Hermann Hermanson Hermes Hermosillo Hern Hernadez Hernandes
        Hernandez Herndon Herod Herold Heron Heroux Herr Herrell Herren Herrera Herrick Herrin Herring Herrington
        Herrman Herrmann Herrod Herron Hersey Hersh Hershberger Hershey Hershman Hersom Hertel Hertz Hertzler Hertzog
        Hervey Herz Herzberg Herzig Herzog Heskett Heslin Hess Hesse Hesser Hession Hessler Hesson Hester Heston
        Hetherington Hetrick Hettinger Hetzel Heuer Heuser Hewes Hewett Hewitt Hewlett Hey Heyer Heyman Heyward
        Heywood Hiatt Hibbard Hibbert Hibbitts Hibbler Hibbs Hibler Hibner Hice Hick Hickerson Hickey Hickle Hicklin
        Hickman Hickmon Hickok Hickox Hicks Hickson Hidalgo Hiebert Hier Hiers Hiett Higa Higbee Higby Higdon Higgin
        Higginbotham Higgins Higginson Higgs High Higham Highfill Highland Highsmith Hight Hightower Higley Higuchi
        Higuera Hilaire Hilario Hilbert Hilburn Hild Hildebrand Hildebrandt Hildebrant Hilderbrand Hildreth Hile
        Hileman Hiles Hilger Hill Hillard Hille Hillen Hillenbrand Hiller Hillery Hilley Hillhouse Hilliard Hillier
        Hilliker Hillis Hillman Hills Hillyard Hillyer Hilson Hilt Hiltner Hilton Hilty Hiltz Hilyard Himes Hinch
        Hinckley Hinderliter Hindle Hindman Hinds Hine Hiner Hinerman Hines Hinkel Hinkle Hinkley Hinkson Hinman
        Hinnant Hinnenkamp Hinojos Hinojosa Hinrichs Hinshaw Hinson Hinton Hintz Hintze Hinz Hinze Hiott Hipp Hipple
        Hipps Hirai Hirano Hird Hires Hirsch Hirschman Hirsh Hirst Hirt Hirth Hise Hiser Hisey Hisle Hitch Hitchcock
        Hitchens Hite Hites Hitt Hittle Hitz Hively Hix Hixon Hixson Hoadley Hoag Hoagland Hoaglin Hoang Hoar Hoard
        Hoban Hobart Hobbs Hobby Hobdy Hobgood Hobson Hoch Hochstetler Hock Hockaday Hockenberry Hockensmith Hocker
        Hockett Hocking Hockman Hocutt Hoda Hodapp Hodder Hodgdon Hodge Hodges Hodgin Hodgins Hodgkins Hodgkinson
        Hodgson Hodnett Hodo Hodson Hoefer Hoeft Hoehn Hoehne Hoekstra Hoelscher Hoeppner Hoerner Hoerr Hoey Hofer
        Hoff Hoffer Hoffman Hoffmann Hofman Hofmann Hofmeister Hofstetter Hogan Hogans Hoge Hogg Hoggan Hoggard
        Hoggatt Hogge Hogle Hoglund Hogsett Hogue Hohl Hohman Hohn Hoisington Hokanson Hoke Holahan Holbert Holbrook
        Holcomb Holcombe Holden Holder Holderman Holding Holdren Holdsworth Hole Holeman Holen Holford Holgate Holguin
        Holiday Holifield Holiman Holl Holladay Holland Hollander Hollandsworth Hollar Hollars Hollaway Holle Holleman
        Hollen Hollenbeck Holler Holleran Holley Holliday Hollie Hollier Hollifield Holliman Hollinger Hollingshead
        Hollingsworth Hollins Hollis Hollister Hollman Holloman Hollomon Hollon Holloway Hollowell Holly Holm Holman
        Holmberg Holmes Holmgren Holmquist Holmstrom Holoman Holquin Holscher Holsey Holsinger Holst Holstein Holston
        Holt Holte Holter Holthaus Holtman Holton Holts Holtz Holtzclaw Holtzman Holub Holyfield Holz Holzer Holzman
        Hom Homan Homer Homes Honaker Honda Hone Honea Honey Honeycutt Hong Honig Honore Hood Hook Hooker Hooks Hooley
        Hooper Hoopes Hoops Hoose Hooser Hoosier Hooten Hooton Hoots Hoover Hope Hopes Hopkin Hopkins Hopp Hoppe
        Hopper Hoppes Hopping Hopps Hopson Hopwood Horace Horak Horan Hord Horgan Horman Horn Hornback Hornbeck
        Hornberger Hornbuckle Horne Horner Horney Hornick Horning Hornsby Hornung Hornyak Horowitz Horrell Horrocks
        Horsley Horst Horstman Horta Horton Horvath Horwitz Hose Hosea Hosey Hosford Hosier Hoskin Hosking Hoskins
        Hoskinson Hosler Hosley Hosmer Hoss Host Hostetler Hostetter Hotaling Hotard Hotchkiss Hott Hottinger Hou
        Houchens Houchin Houchins Houck Houde Hough Houghtaling Houghton Houk Houle Houlihan Houpt House Householder
        Houseknecht Housel Houseman Houser Housley Housman Houston Houtz Hove Hover Hovey Hovis Howard Howarth Howe
        Howell Howells Hower Howerton Howery Howes Howey Howie Howington Howland Howle Howlett Howley Howse Howser
        Howton Howze Hoxie Hoy Hoye Hoyer Hoyle Hoyos Hoyt Hruby Hruska Hsieh Hsu Hua Huang Huard Hubbard Hubbell
        Hubbert Hubble Hubbs Huber Hubert Hubler Hubner Huck Huckabee Huckaby Huckins Hucks Huckstep Hudak Huddle
        Huddleston Hudgens Hudgins Hudkins Hudnall Hudock Hudson Hudspeth Huebner Huerta Huertas Huey Huff Huffaker
        Huffer Huffine Huffman Hufford Huffstetler Hufnagel Hug Huges Huggard Huggins Hugh Hughes Hughey Hughley Hughs
        Hugley Hugo Huguley Huhn Hui Huie Huitt Huizar Huizenga Hukill Hulbert Hulett Huling Hulings Hull Hullinger
        Hulme Huls Hulse Hulsey Hultgren Hultman Hults Human Humbert Humble Hume Humes Humiston Hummel Hummell Hummer
        Humphery Humphrey Humphreys Humphries Hund Hundley Hundt Huneycutt Hung Hungate Hunger Hungerford Hunley Hunn
        Hunnicutt Hunsaker Hunsberger Hunsicker Hunsinger Hunsucker Hunt Hunter Huntington Huntley Huntsberry Huntsman
        Hunziker Huot Hupp Hurd Hurdle Hurlbert Hurlburt Hurlbut Hurley Hurn Hursey Hurst Hurt Hurtado Hurtt Hurwitz
        Husband Husby Huse Huseby Huseman Husk Huskey Huskins Husman Huson Huss Hussain Hussey Hust Husted Huston
        Hutchcraft Hutchens Hutcherson Hutcheson Hutchings Hutchins Hutchinson Hutchison Huth Hutsell Hutson Hutt
        Hutter Hutto Hutton Hutzler Hux Huynh Hwang Hyatt Hyde Hyden Hyder Hyer Hyland Hyler Hylton Hyman Hymel Hymes
        Hynes Hypes Hyre Hysell Hyslop Hyun Iacovelli Ibanez Ibarra Ibrahim Ice Icenhour Ickes Iddings Ide Ifill
        Iglesias Ignacio Igo Ihle Ikard Ikeda Ikner Iler Iles Iliff Imai Iman Imel Imes Imhoff Imler Immel Inabinet
        Ince Ines Infante Ingalls Inge Ingersoll Ingham Ingle Ingles Inglis Ingraham Ingram Ingrassia Iniguez Inman
        Innes Innis Inniss Innocent Inoue Inouye Insley Iorio Ippolito Iraheta Irby Ireland Irick Irion Irish Irizarry
        Irons Irvin Irvine Irving Irwin Isaac Isaacs Isaacson Isabel Isabell Isabelle Isakson Isbell Isenberg Isenhour
        Iser Isham Ishee Ishida Ishii Ishmael Islam Islas Isler Isley Ismail Isom Ison Israel Isreal Issa Issac Ito
        Ivers Iversen Iverson Ivery Ives Ivey Ivie Ivory Ivy Iwamoto Izaguirre Izquierdo Izzi Izzo Jablonski Jacinto
        Jack Jackman Jacks Jackson Jaco Jacob Jacobi Jacobo Jacobs Jacobsen Jacobson Jacobus Jacoby Jacques Jacquet
        Jacquez Jaeger Jaffe Jager Jagger Jaggers Jahn Jahnke Jaime Jaimes Jain Jakes Jakubowski Jalbert Jamal Jamar
        Jamerson James Jameson Jamieson Jamison Jan Janda Jandreau Janelle Janes Jang Janicki Janik Janis Janke
        Jankowski Janney Janousek Jansen Janson Janssen Jansson Jantz Jantzen January Janus Janzen Jaques Jaquez Jara
        Jaramillo Jarboe Jardine Jared Jarman Jarmon Jarnagin Jarnigan Jarosz Jarrard Jarrell Jarrells Jarrett Jarvis
        Jasinski Jasmin Jason Jasper Jasso Jauregui Javier Jaworski Jay Jayne Jaynes Jean Jeanbaptiste Jeanes
        Jeanlouis Jeanpierre Jeans Jefcoat Jeffcoat Jefferies Jeffers Jefferson Jeffery Jefferys Jeffords Jeffrey
        Jeffreys Jeffries Jelinek Jelks Jellison Jemison Jenkin Jenkins Jenkinson Jenks Jenner Jennette Jenney Jenning
        Jennings Jenny Jensen Jenson Jent Jeon Jeppesen Jepsen Jepson Jeremiah Jerez Jerkins Jernigan Jerome Jerry
        Jeske Jess Jesse Jessee Jessen Jessie Jessop Jessup Jester Jesus Jeter Jett Jetton Jewell Jewett Jhonson Jiang
        Jiles Jim Jimenes Jimenez Jimerson Jiminez Jimison Jimmerson Jin Jinks Jiron Joachim Job Jobe Jock Joe
        Johannes Johannsen Johansen Johanson Johansson John Johns Johnsen Johnson Johnston Johnstone Johson Joiner
        Joines Jolicoeur Jolin Jolley Jolliff Jolly Joly Jonas Jone Jones Jonson Joplin Jordahl Jordan Jorden Jordon
        Jorge Jorgensen Jorgenson Jose Joseph Josephs Josephson Josey Joshi Joshua Joslin Joslyn Jost Joubert Jourdan
        Journey Jowers Jowett Joy Joyal Joyce Joyner Jozwiak Juan Juarez Judah Judd Jude Judge Judkins Judon Judson
        Judy Juergens Juhasz Juhl Jules Julia Julian Juliano Julien Julius July Jump Jumper Jun June Juneau Jung
        Junior Junious Junker Junkin Junkins Jurado Jurek Jurgens Jurgensen Jury Jusino Just Justice Justin Justiniano
        Justis Justus Kaba Kaczmarek Kaczor Kadlec Kaelin Kagan Kahl Kahle Kahler Kahn Kail Kain Kaiser Kalb Kale
        Kaler Kalinowski Kalish Kallas Kalman Kam Kamen Kamin Kaminski Kaminsky Kamm Kammer Kammerer Kamp Kamps Kan
        Kanagy Kane Kaneshiro Kang Kangas Kania Kanode Kanter Kantner Kantor Kao Kapinos Kaplan Kapoor Kapp Kappel
        Kappler Karam Karas Karcher Kardos Karg Karim Karl Karle Karlin Karls Karlson Karn Karnes Karns Karp Karpinski
        Karr Karst Karsten Kash Kaspar Kasper Kass Kasten Kaster Kastner Kates Kato Katz Katzer Katzman Kauffman
        Kaufman Kaufmann Kaul Kautz Kavanagh Kavanaugh Kawakami Kawamoto Kawamura Kay Kaya Kaye Kaylor Kays Kayser Kea
        Keach Keagle Kean Keane Keaney Kear Kearney Kearns Kearse Keasler Keating Keaton Keck Kee Keeble Keebler Keech
        Keefe Keefer Keegan Keel Keele Keeler Keeley Keeling Keels Keely Keen Keenan Keene Keener Keeney Keenum Kees
        Keese Keesee Keesler Keeter Keeton Keever Keffer Kegler Kegley Kehl Kehoe Keifer Keil Keim Keiper Keiser
        Keisler Keister Keith Keithley Keitt Kelch Kelemen Kell Kellam Kellar Kelleher Kellems Keller Kellerman
        Kellett Kelley Kelliher Kelling Kellison Kellner Kellogg Kells Kellum Kelly Kelm Kelsch Kelsey Kelso Kelson
        Keltner Kelton Kelty Kemble Kemmer Kemmerer Kemp Kemper Kempf Kempton Kendall Kendig Kendrick Kendricks Kenna
        Kennamer Kennard Kennedy Kennell Kennelly Kennemer Kenner Kennerly Kennerson Kennett Kenney Kennison Kennon
        Kenny Kensinger Kent Kenworthy Kenyon Keo Keough Keown Kephart Kepler Kepley Kepner Keppler Kerber Kerby
        Kerfoot Kerley Kerlin Kern Kernan Kerner Kerney Kerns Kerr Kerrick Kerrigan Kerry Kersey Kersh Kershaw
        Kershner Kersten Kerstetter Kerwin Kesler Kesner Kessel Kessinger Kessler Kester Kesterson Kestner Ketcham
        Ketchum Ketner Ketron Ketter Ketterer Ketterman Kettle Kettler Kettner Key Keyes Keys Keyser Khalil Khan Khang
        Khoury Kibbe Kibby Kibler Kidd Kidder Kidney Kidwell Kiefer Kieffer Kiel Kiely Kier Kiernan Kiesel Kiesling
        Kifer Kiger Kight Kiker Kilbourn Kilbourne Kilburn Kilby Kile Kiley Kilgo Kilgore Kilian Kilkenny Killam
        Killebrew Killeen Killen Killgore Killian Killinger Killingsworth Killion Killough Kilmer Kilpatrick Kilroy
        Kim Kimball Kimbell Kimber Kimberlin Kimberling Kimberly Kimble Kimbler Kimbrel Kimbrell Kimbro Kimbrough Kime
        Kimes Kimmel Kimmell Kimmons Kimpel Kimsey Kimura Kimzey Kinard Kincade Kincaid Kincannon Kincer Kinch
        Kincheloe Kinchen Kindel Kinder Kindig Kindle Kindred King Kingery Kingrey Kingsbury Kingsley Kingston Kinkade
        Kinkead Kinkel Kinlaw Kinley Kinman Kinnaird Kinnaman Kinnard Kinne Kinnear Kinner Kinney Kinnison Kinsella
        Kinser Kinsey Kinsler Kinsley Kinslow Kinsman Kintzel Kinyon Kinzel Kinzer Kipp Kirby Kirch Kircher Kirchner
        Kirchoff Kirk Kirkendall Kirkendoll Kirkham Kirkland Kirkley Kirklin Kirkman Kirkpatrick Kirksey Kirkwood
        Kirsch Kirschbaum Kirschner Kirst Kirtley Kirts Kirven Kirwan Kirwin Kiser Kish Kisner Kiss Kissee Kissel
        Kissell Kissinger Kissner Kist Kistler Kistner Kitchen Kitchens Kitchin Kite Kitson Kitt Kittel Kittelson
        Kitterman Kittinger Kittle Kittleson Kittredge Kittrell Kitts Kivett Kivi Kizer Klahn Klapper Klar Klass
        Klassen Klatt Klaus Klawitter Kleckner Kleiber Kleiman Klein Kleiner Kleinman Kleinschmidt Kleist Klem Klemm
        Klepper Kleven Klick Kliebert Klima Klimas Klimek Kline Kling Klingbeil Klingensmith Klinger Klingler Klink
        Klock Klopp Klos Kloss Kloster Klosterman Klotz Kluesner Klug Kluge Knaack Knapp Knarr Knauer Knauf Knaus
        Knauss Knecht Knee Kneeland Knepp Knepper Knickerbocker Knight Knighten Knighton Knights Knipe Knipp Knisely
        Knisley Knobel Knobloch Knoll Knop Knopf Knopp Knorr Knott Knotts Knouse Knowles Knowlton Knox Knuckles
        Knudsen Knudson Knudtson Knupp Knuth Knutsen Knutson Kobayashi Kober Koch Kocher Koehler Koehn Koeller Koenig
        Koepke Koepp Koerner Koester Koffler Koga Kogan Koger Kogut Koh Kohan Kohl Kohler Kohlmeier Kohn Kohr Kohut
        Kolar Kolb Kollar Koller Kollman Kolodziej Komar Kondo Konen Kong Konieczny Konopka Konrad Kontos Koo Koon
        Koonce Koons Koontz Koop Koopman Kopec Kopecky Kopf Kopp Korando Korhonen Korman Korn Kornegay Kort Korte
        Korth Kosinski Koski Koss Kost Koster Kostka Kott Kotter Kouba Koury Kovac Kovach Kovacs Koval Kovar Kowal
        Kowalczyk Kowaleski Kowalewski Kowalski Kowalsky Kozak Koziol Kozlowski Kraatz Krach Kraemer Kraft Krahn
        Krajewski Kraker Kral Krall Kramer Kramp Krantz Kranz Kratochvil Kratz Kratzer Kraus Krause Krauss Kravetz
        Kravitz Krawczyk Krebs Krebsbach Kreger Krehbiel Kreider Kreitzer Krell Kremer Kreps Kresge Kress Kretschmer
        Kreutzer Krick Kriebel Krieg Krieger Krier Krikorian Kriner Kring Krishnan Kriss Kriz Krizan Kroeger Kroeker
        Kroger Krogman Krohn Krok Krol Kroll Krom Kromer Kron Krone Kroon Kropf Kropp Krouse Krout Krueger Krug Kruger
        Krull Krum Krumm Krupa Krupp Kruse Kubala Kubiak Kubik Kubota Kucera Kucharski Kuebler Kuehl Kuehn Kuehner
        Kuester Kugler Kuhl Kuhlman Kuhlmann Kuhn Kuhns Kuiper Kujawa Kujawski Kukla Kukowski Kula Kulas Kulick Kulik
        Kulikowski Kull Kulp Kulpa Kumar Kummer Kump Kung Kunkel Kunkle Kuntz Kunz Kunze Kuo Kurek Kurland Kurt Kurth
        Kurtz Kurz Kushner Kuss Kuster Kutcher Kutz Kuykendall Kuzma Kwak Kwan Kwiatkowski Kwok Kwon Kwong Kyle Kyler
        Kyles Kyser Kyte Kyzer Labadie Labarbera Labarge Labarre Labat Labbe Labelle Laberge Lablanc Labombard Labonte
        Laborde Labounty Laboy Labrador Labrecque Labrie Labriola Lacasse Lacayo Lacefield Lacey Lach Lachance
        Lachapelle Lacher Lack Lackey Laclair Lacombe Lacoste Lacour Lacourse Lacroix Lacross Lacy Ladd Lade Ladner
        Ladouceur Ladson Ladue Laduke Ladwig Lady Lafave Lafayette Lafever Lafferty Laffey Laffoon Laflamme Lafleur
        Lafollette Lafon Lafond Lafontaine Laforce Laforest Laforge Lafortune Lafountain Lafrance Lafreniere Lagarde
        Lagasse Lage Lago Lagrange Lagrone Laguerre Laguna Lagunas Lahey Lahman Lahr Lahti Lai Lail Lain Laine Lainez
        Laing Lair Laird Lajoie Lake Lakes Lakey Lakin Lal Laliberte Lalli Lally Lalonde Lam Lamanna Lamantia Lamar
        Lamarche Lamarr Lamarre Lamas Lamay Lamb Lambdin Lamberson Lambert Lamberth Lamberton Lambeth Lambrecht
        Lambright Lamere Lamkin Lamm Lammers Lamon Lamons Lamont Lamontagne Lamoreaux Lamothe Lamotte Lamoureux Lamp
        Lampe Lampert Lamphear Lamphere Lampkin Lampkins Lampley Lampman Lamson Lamy Lancaster Lance Lanclos Lanctot
        Land Landa Landau Landaverde Lander Landeros Landers Landes Landgraf Landin Landis Landman Lando Landon
        Landreneau Landreth Landrum Landry Landwehr Landy Lane Laney Lanford Lang Langan Langdon Lange Langenfeld
        Langer Langevin Langford Langham Langhorne Langlais Langley Langlinais Langlois Langner Langston Langton
        Langworthy Lanham Lanier Lanigan Lankford Lanning Lannon Lanoue Lanphear Lansberry Lansford Lansing Lantigua
        Lantz Lanz Lanza Lao Lapan Lape Laperle Lapham Lapierre Lapine Lapinski Laplant Laplante Lapoint Lapointe
        Laporte Lapp Lappin Laprade Lara Larabee Laramie Lareau Lares Large Largent Largo Larimer Larimore Larios
        Lariviere Lark Larkin Larkins Larmon Larocca Larocco Laroche Larochelle Larock Larocque Larosa Larose Larrabee
        Larrick Larrison Larry Larsen Larson Larue Lary Lasalle Lasater Laseter Lash Lashbrook Lasher Lashley Laskey
        Lasko Laskowski Lasky Lasley Lass Lasseter Lassiter Laster Lastra Latch Latham Lathan Lathem Lathrop Latimer
        Latimore Latorre Latour Latshaw Latson Latta Lattea Lattimer Lattimore Lattin Lau Laub Laubach Lauber
        Lauderdale Lauer Laufer Laughlin Laughter Laughton Laura Laureano Laurel Laurence Laurent Lauria Laurie
        Lauritsen Lauritzen Laursen Laury Lauterbach Lauver Laux Lauzon Lavalle Lavallee Lavalley Lavallie Lavelle
        Lavender Laverdiere Lavergne Laverriere Laverty Lavery Lavigne Lavin Lavine Lavoie Law Lawerence Lawhon
        Lawhorn Lawing Lawler Lawless Lawley Lawlor Lawrence Lawrie Lawry Laws Lawson Lawton Lawver Lawyer Lax Laxson
        Laxton Lay Layden Layfield Layman Laymon Layne Layton Lazar Lazaro Lazarus Lazenby Lazo Lazzaro Lea Leach
        Leachman Leadbetter Leader Leaf League Leahy Leak Leake Leaks Leal Leaman Leamon Leanos Lear Leard Learned
        Leary Lease Leasure Leath Leatham Leatherman Leathers Leatherwood Leavell Leavens Leavitt Leavy Lebaron Lebeau
        Lebel Leber Leblanc Lebo Leboeuf Lebouef Lebow Lebowitz Lebron Lebrun Lechner Lechuga Leclair Leclaire Leclerc
        Lecompte Lecroy Lecuyer Leday Ledbetter Leddy Lederer Lederman Ledesma Ledet Ledezma Ledford Ledger Ledgerwood
        Ledonne Ledoux Leduc Lee Leech Leeder Leedom Leeds Leedy Leek Leeman Leep Leeper Lees Leeson Leet Lefebre
        Lefebvre Lefever Lefevre Leff Leffel Leffler Lefkowitz Lefler Leflore Leftwich Legaspi Legault Legendre Leger
        Legere Legette Legg Legge Leggett Legler Legrand Legros Lehman Lehmann Lehn Lehner Lehoux Lehr Lehto Lei Leib
        Leibowitz Leigh Leighton Leighty Leija Leiker Leininger Leis Leiser Leishman Leist Leister Leisure Leitch
        Leite Leiter Leith Leitner Leiva Lejeune Leland Leleux Lema Lemaire Lemanski Lemaster Lemasters Lemay Lembo
        Lemelin Lemelle Lemen Lemieux Leming Lemire Lemke Lemley Lemmer Lemmon Lemmons Lemoine Lemon Lemond Lemons
        Lemos Lemus Lenahan Lenard Lenhardt Lenhart Lenihan Lenk Lennon Lennox Lenoir Lenox Lent Lentini Lentz Lenz
        Leo Leon Leonard Leonardo Leone Leonetti Leong Leonhardt Leopard Leopold Leos Lepage Lepe Lepley Lepore
        Leppert Lerch Lerma Lerman Lerner Leroux Leroy Lesage Lescarbeau Lesh Lesher Lesko Lesley Leslie Lesniak
        Lesperance Lessard Lesser Lessman Lester Lesure Letcher Letchworth Letellier Letendre Leto Letourneau Letson
        Lett Letts Leu Leung Levan Levasseur Levay Leveille Levell Levenson Leventhal Leveque Lever Leverett Leverette
        Levering Levesque Levey Levi Levin Levine Levingston Levins Levinson Levis Levitt Levron Levy Lew Lewallen
        Lewandowski Lewellen Lewellyn Lewin Lewis Lewter Ley Leyba Leyva Lezama Lheureux Liang Liao Libbey Libby
        Liberatore Liberty Licata Licht Lichtenstein Licon Liddell Liddle Lieb Lieber Lieberman Liedtke Liefer Lien
        Lietz Lieu Liggett Liggins Light Lightfoot Lightle Lightner Lightsey Lighty Ligon Likens Lile Liles Lilienthal
        Lillard Liller Lilley Lillibridge Lillie Lillis Lilly Lim Lima Limbaugh Limon Limones Lin Linares Linch Linck
        Lincoln Lind Lindahl Lindamood Lindauer Lindberg Linde Lindell Lindeman Lindemann Linden Lindenberg Linder
        Linderman Lindgren Lindholm Lindley Lindner Lindo Lindquist Lindsay Lindsey Lindsley Lindstrom Line Linebarger
        Lineberger Lineberry Linehan Liner Lines Ling Lingenfelter Linger Lingerfelt Lingle Lingo Linhart Lininger
        Link Linke Linker Linkous Linn Linneman Linney Lino Linquist Linscott Linsey Linsley Lint Linthicum Linton
        Lintz Linville Linzy Lipari Lipe Lipford Lipinski Lipman Lipp Lippert Lippincott Lippman Lipps Lipscomb Lipsey
        Lipsky Lipson Liptak Lipton Lira Lirette Liriano Lis Lisenby Lish Lisi Lisk Liska Lisle Liss List Lister
        Liston Litchfield Litchford Litherland Littell Litten Litteral Little Littlefield Littlejohn Littles Littleton
        Litton Littrell Litwin Litz Liu Lively Livengood Liverman Livermore Livesay Livingston Livingstone Lizarraga
        Lizotte Llamas Llanas Llanes Llanos Llewellyn Lloyd Loaiza Loar Lobato Lobb Lobdell Lobel Lobo Locascio Loch
        Locher Lochner Lock Lockard Locke Locker Lockett Lockhart Locklear Locklin Lockman Lockridge Lockwood Lococo
        Loden Loder Lodge Loe Loeb Loeffler Loehr Loera Loesch Loewen Lofgren Lofland Loflin Loftin Loftis Lofton
        Loftus Logan Loggins Logsdon Logston Logue Loh Lohman Lohmann Lohr Lohse Loiacono Loiselle Loken Lokey Lokken
        Lollar Lolley Lollis Loman Lomanto Lomas Lomax Lombard Lombardi Lombardo Lomeli Lomonaco London Londono
        Lonergan Loney Long Longacre Longenecker Longfellow Longino Longley Longmire Longmore Longnecker Longo
        Longoria Longshore Longstreet Longwell Longworth Lonon Loo Look Loomis Looney Loop Looper Loos Loose Loper
        Lopes Lopez Lopiccolo Lopp Lopresti Lor Lora Loranger Lord Lore Loredo Lorence Lorentz Lorentzen Lorenz
        Lorenzen Lorenzo Loring Lorusso Losada Losee Losey Losh Losoya Lossett Lott Lotts Lotz Lou Loucks Loud Louden
        Louder Loudermilk Loudon Lough Loughlin Loughman Loughran Louie Louis Lounsbury Louque Louviere Lovato Love
        Loveday Lovejoy Lovelace Lovelady Loveland Loveless Lovell Lovely Lovern Lovett Lovette Lovin Loving Lovingood
        Lovins Low Lowder Lowe Lowell Lowenstein Lowenthal Lower Lowery Lowman Lown Lowrance Lowrey Lowrie Lowry
        Lowther Loy Loya Loyd Loyola Loza Lozada Lozano Lozier Lozoya Lubbers Lubin Luby Luc Luca Lucarelli Lucas
        Lucchesi Luce Lucero Lucey Lucht Lucia Luciani Luciano Lucien Lucier Lucio Lucius Luck Lucke Luckett Luckey
        Lucky Lucus Lucy Luczak Luczynski Ludlow Ludlum Ludwick Ludwig Luebbert Luebke Lueck Luedtke Luellen Luera
        Lueras Luevano Luff Luft Lugo Lui Luis Luiz Lujan Lukas Lukasik Luke Luken Lukens Luker Lukes Lum Luman Lumley
        Lummus Lumpkin Lumpkins Lumsden Luna Lunceford Lund Lundahl Lundberg Lunde Lundeen Lundell Lundgren Lundin
        Lundquist Lundstrom Lundy Lung Lunn Lunsford Lunt Luo Luoma Luong Luongo Luper Lupien Lupo Luppino Lupton
        Lurie Lurry Lusby Luse Lusher Lusk Lussier Lust Luster Lustig Lute Luter Lutes Luther Luton Lutterman Luttrell
        Lutz Luu Lux Luz Lyall Lybarger Lyda Lydick Lydon Lyke Lykes Lykins Lyle Lyles Lyman Lymon Lynam Lynch Lynde
        Lynn Lyon Lyons Lytle Lytton Maag Maas Mabe Maberry Mabery Mabie Mabon Mabrey Mabry Macaluso Macarthur
        Macaulay Macdonald Macdougall Mace Macedo Macek Macey Macfarlane Macgregor Mach Macha Machado Machen Machin
        Machuca Macias Maciejewski Maciel Macintosh Macintyre Mack Mackay Macke Mackenzie Mackey Mackie Mackin
        Mackinnon Mackley Macklin Macko Mackowiak Maclachlan Maclean Maclennan Macleod Maclin Macmillan Macneil
        Macomber Macon Macpherson Macrae Macri Macy Maday Madden Maddix Maddock Maddocks Maddox Maddux Maddy Mader
        Madera Madewell Madigan Madison Madore Madrid Madrigal Madril Madriz Madruga Madry Madsen Madson Mae Maeda
        Maes Maestas Maez Maffei Magallanes Magallon Magana Magdaleno Magee Mager Magers Maggard Maggi Maggio Magill
        Maginnis Maglio Maglione Magner Magness Magno Magnus Magnuson Magnusson Magoon Magruder Maguire Magwood Mah
        Mahaffey Mahan Mahaney Mahar Maher Maheu Maheux Mahle Mahler Mahlum Mahmood Mahmoud Mahn Mahon Mahone Mahoney
        Mahony Mahood Mahr Mahurin Mai Maiden Maier Maillet Mailloux Main Maine Maines Mainor Mains Maio Maiorano Mair
        Maisch Maisonet Maitland Maize Majeski Majewski Majka Major Majors Mak Makela Maker Maki Makin Makowski Makris
        Malan Maland Malave Malbon Malbrough Malchow Malcolm Malcom Maldanado Maldonado Malec Malek Maley Malick Malik
        Malin Malinowski Malizia Malkin Mallard Mallery Mallet Mallett Mallette Malley Mallon Mallory Malloy Malm
        Malmberg Malo Malone Maloney Maloof Malott Maloy Malpass Maltby Malveaux Maly Man Manahan Manalo Mance Mancha
        Manchester Mancia Mancilla Mancini Mancino Mancuso Mandel Mandell Manders Mandeville Mandujano Maner Manes
        Maness Maney Manfredi Mang Mangan Mangano Mangels Manger Manges Mangino Mangold Mangrum Mangual Mangum Mangus
        Manhart Manigault Manion Manis Maniscalco Manjarrez Manke Mankin Manley Manly Mann Manna Manners Manney
        Manning Mannings Mannino Mannion Mannix Manno Mannon Manns Manor Manos Manrique Manriquez Mans Manseau Mansell
        Mansfield Manske Manson Mansour Mansur Manthey Mantle Mantooth Mantz Manuel Manus Manwaring Manz Manzanares
        Manzano Manzella Manzer Manzi Manzo Mao Mapes Maple Maples Mapp Mar Mara Marable Marano Maranto Marasco
        Maravilla Marble Marburger Marbury Marc Marcano Marcantel Marcantonio Marceau Marcell Marcello Marcellus March
        Marchan Marchand Marchant Marchese Marchetti Marcial Marciano Marcil Marciniak Marco Marconi Marcos Marcotte
        Marcoux Marcucci Marcum Marcus Marcy Marden Mardis Marek Marenco Mares Maresca Marez Margolis Marguez Maria
        Mariani Mariano Maricle Marie Marin Marine Marinelli Marinello Marinez Maring Marini Marino Marion Mariotti
        Maris Mariscal Mark Markel Marker Markert Markey Markham Markland Markle Markley Marko Markovich Markowitz
        Markowski Marks Markus Marlar Marlatt Marler Marlette Marley Marlin Marlow Marlowe Marmol Marmolejo Marmon
        Marone Maroney Marotta Marple Marquardt Marquart Marques Marquette Marquez Marquis Marr Marra Marrero Marriner
        Marriott Marro Marron Marrone Marroquin Marrow Marrs Marrufo Mars Marsala Marsden Marsh Marshal Marshall
        Marshburn Marson Marston Mart Marte Martel Martell Martelli Martello Marten Martens Marti Martin Martina
        Martindale Martine Martineau Martinek Martinelli Martines Martinez Martini Martino Martins Martinsen Martinson
        Martone Marts Martucci Marty Martz Marvel Marvin Marx Mary Marzano Mascarenas Mascorro Maselli Maser Mash
        Mashburn Masi Mask Maske Maskell Mason Mass Massa Massaro Masse Massenburg Massengale Massengill Massey Massie
        Massingale Massingill Masson Mast Masten Master Masters Masterson Mastin Maston Mastrangelo Mastro Mastroianni
        Mastropietro Masuda Mata Matamoros Matas Matchett Mateer Mateo Mathena Matheney Matheny Mather Matherly
        Matherne Mathers Mathes Matheson Mathew Mathews Mathewson Mathias Mathieson Mathieu Mathis Mathison Matias
        Matis Matlock Matney Matos Matranga Matson Matsuda Matsui Matsumoto Matsumura Matt Matta Matte Matteo Matter
        Mattera Mattern Mattes Matteson Matthes Matthew Matthews Matthias Matthies Mattia Mattice Mattie Mattingly
        Mattis Mattison Mattocks Mattoon Mattos Mattox Mattson Matula Matus Matz Matzke Mauch Mauck Maudlin Mauer
        Maughan Mauk Maul Mauldin Maule Maultsby Mauney Maupin Maurer Maurice Mauricio Mauriello Maurin Mauro Maury
        Maus Maust Mauzy Max Maxey Maxfield Maxham Maxie Maxim Maxon Maxson Maxwell May Maya Mayberry Maye Mayer
        Mayers Mayes Mayfield Mayhall Mayhew Mayhugh Mayle Maynard Mayne Maynes Maynor Mayo Mayon Mayor Mayorga Mays
        Maysonet Mayton Mayville Mayweather Maze Maziarz Mazon Mazur Mazurek Mazza Mazzarella Mazzariello Mazzei
        Mazzella Mazzeo Mazzola Mazzone Mcabee Mcadams Mcadoo Mcadory Mcafee Mcaleer Mcalexander Mcalister Mcallister
        Mcalpin Mcalpine Mcanally Mcandrew Mcandrews Mcanulty Mcardle Mcarthur Mcatee Mcateer Mcauley Mcauliffe Mcavoy
        Mcbean Mcbee Mcbeth Mcbrayer Mcbride Mcbroom Mcbryde Mcburney Mccaa Mccabe Mccafferty Mccaffery Mccaffrey
        Mccain Mccaleb Mccall Mccalla Mccallister Mccallum Mccammon Mccampbell Mccandless Mccane Mccann Mccants
        Mccardle Mccargo Mccarley Mccarroll Mccarron Mccart Mccarter Mccarthy Mccartney Mccarty Mccarver Mccarville
        Mccary Mccaskill Mccasland Mccaslin Mccaughey Mccauley Mccaulley Mccaw Mccay Mcchesney Mcchristian Mcclain
        Mcclaine Mcclanahan Mcclaran Mcclary Mcclaskey Mcclay Mcclean Mccleary Mccleery Mcclellan Mcclelland Mcclendon
        Mcclenton Mccleskey Mcclintock Mcclinton Mccloskey Mccloud Mccloy Mccluney Mcclung Mcclure Mcclurg Mccluskey
        Mcclusky Mccoin Mccoll Mccollister Mccollom Mccollough Mccollum Mccomas Mccomb Mccombs Mcconkey Mcconnel
        Mcconnell Mcconville Mccool Mccord Mccorkle Mccormack Mccormick Mccorvey Mccourt Mccowan Mccown Mccoy
        Mccracken Mccrady Mccrae Mccraney Mccranie Mccrary Mccraw Mccray Mccrea Mccready Mccreary Mccree Mccreery
        Mccreight Mccright Mccrimmon Mccrory Mccroskey Mccroy Mccubbin Mccue Mccuen Mccullar Mccullen Mccullers
        Mcculley Mcculloch Mccullough Mccullum Mccully Mccumber Mccune Mccurdy Mccurley Mccurry Mccusker Mccutchen
        Mccutcheon Mcdade Mcdaniel Mcdaniels Mcdavid Mcdavis Mcdermott Mcdevitt Mcdill Mcdole Mcdonagh Mcdonald
        Mcdonell Mcdonnell Mcdonough Mcdorman Mcdougal Mcdougald Mcdougall Mcdougle Mcdowell Mcduff Mcduffie Mcduffy
        Mceachern Mceachin Mcelfresh Mcelhaney Mcelhannon Mcelligott Mcelrath Mcelroy Mcelvain Mcelveen Mcelwain
        Mcelwee Mcelyea Mcentee Mcentire Mcevoy Mcewan Mcewen Mcfadden Mcfaddin Mcfall Mcfalls Mcfarland Mcfarlane
        Mcfarlin Mcfarren Mcfee Mcferren Mcgaha Mcgahan Mcgahey Mcgann Mcgarity Mcgarrity Mcgarry Mcgarvey Mcgary
        Mcgaugh Mcgaughey Mcgee Mcgeehan Mcgehee Mcgeorge Mcghee Mcghie Mcgill Mcginley Mcginn Mcginnis Mcginty
        Mcglade Mcglinchey Mcglone Mcglothin Mcglothlin Mcglown Mcglynn Mcgoldrick Mcgonagle Mcgonigal Mcgough
        Mcgovern Mcgowan Mcgowen Mcgown Mcgrady Mcgrail Mcgrane Mcgrath Mcgraw Mcgray Mcgreevy Mcgregor Mcgrew Mcgriff
        Mcgruder Mcguffin Mcguigan Mcguinness Mcguire Mcgurk Mchale Mchaney Mchenry Mchone Mchugh Mcilrath Mcilvain
        Mcilwain Mcinerney Mcinnis Mcintire Mcintosh Mcinturff Mcintyre Mciver Mcjunkin Mckain Mckamey Mckay Mckean
        Mckechnie Mckee Mckeehan Mckeel Mckeen Mckeever Mckellar Mckeller Mckelvey Mckelvy Mckenna Mckenney Mckenny
        Mckenzie Mckeon Mckeown Mckernan Mckey Mckibben Mckie Mckillip Mckim Mckinley Mckinney Mckinnie Mckinnis
        Mckinnon Mckinsey Mckinstry Mckinzie Mckissack Mckissick Mckittrick Mcknight Mckown Mckoy Mclachlan Mclain
        Mclamb Mclane Mclaren Mclaughlin Mclaurin Mclawhorn Mclean Mclellan Mclelland Mclemore Mclendon Mclennan
        Mcleod Mcleroy Mclin Mcloud Mcloughlin Mcmahan Mcmahon Mcmakin Mcmanis Mcmann Mcmanus Mcmartin Mcmaster
        Mcmasters Mcmath Mcmeans Mcmichael Mcmillan Mcmillen Mcmiller Mcmillian Mcmillin Mcmillion Mcmillon Mcminn
        Mcmonagle Mcmorris Mcmorrow Mcmullan Mcmullen Mcmullin Mcmunn Mcmurray Mcmurry Mcmurtry Mcnab Mcnabb Mcnair
        Mcnally Mcnamara Mcnamee Mcnary Mcnatt Mcnaughton Mcneal Mcnealy Mcnear Mcneel Mcneeley Mcneely Mcnees Mcneese
        Mcneil Mcneill Mcneilly Mcnelly Mcnemar Mcnerney Mcnett Mcnew Mcnicholas Mcnichols Mcniel Mcniff Mcninch
        Mcnish Mcnitt Mcnulty Mcnutt Mcpeak Mcpeek Mcpeters Mcphail Mcphearson Mcphee Mcpheeters Mcpherson Mcquade
        Mcquaid Mcquaig Mcquay Mcqueary Mcqueen Mcquillen Mcquinn Mcquire Mcquiston Mcrae Mcraney Mcray Mcree
        Mcreynolds Mcroberts Mcroy Mcshan Mcshane Mcsherry Mcspadden Mcswain Mcsween Mcsweeney Mctaggart Mcvay Mcveigh
        Mcvey Mcvicker Mcwhirter Mcwhorter Mcwilliams Meacham Meachum Mead Meade Meader Meador Meadors Meadow Meadows
        Meads Meagher Mealey Meals Mealy Meaney Means Meany Mears Meas Mease Meaux Mebane Mecham Mechling Medders
        Medeiros Medel Medellin Mederos Medford Medina Medley Medlin Medlock Medrano Medved Mee Meece Meehan Meek
        Meeker Meekins Meeks Meese Mefford Mehaffey Mehl Mehta Mei Meidinger Meier Meighan Meigs Meikle Meiners
        Meinhardt Meis Meisel Meiser Meisner Meissner Meister Mejia Mejias Mejorado Melancon Melanson Melara Melby
        Melcher Melchior Melchor Meldrum Mele Melendez Melendrez Melendy Melgar Melgoza Meli Melia Melillo Melin
        Mellen Mellinger Mello Mellon Mellor Mellott Melnick Melo Melson Melton Meltzer Melville Melvin Mena Menard
        Menchaca Mendel Mendell Mendelsohn Mendelson Mendenhall Mendes Mendez Mendieta Mendiola Mendivil Mendonca
        Mendosa Mendoza Menefee Menendez Meneses Meng Mengel Menges Menjivar Menke Mentzer Menzel Menzies Mera Meraz
        Mercado Merced Mercedes Mercer Merchant Mercier Mercuri Mercurio Meredith Mericle Merida Merideth Merino
        Meriwether Merkel Merkle Merkley Merle Merlin Merlino Merlo Mero Merrell Merriam Merrick Merrifield Merrill
        Merriman Merritt Merriweather Merrow Merry Merryman Mershon Mertens Mertz Merwin Merz Mesa Meserve Messenger
        Messer Messerly Messersmith Messick Messier Messina Messing Messinger Messmer Messner Mesta Mestas Metcalf
        Metcalfe Metheny Metivier Metoyer Mettler Metts Metz Metzgar Metzger Metzinger Metzler Meunier Meurer Meyer
        Meyerhoff Meyers Meyerson Meza Micco Miceli Michael Michaelis Michaels Michaelson Michalak Michalec Michalik
        Michalski Michaud Micheals Michel Michell Michels Michelson Michie Mick Mickel Mickelsen Mickelson Mickens
        Mickey Mickle Middaugh Middendorf Middlebrook Middlebrooks Middleton Midgett Midgette Midgley Midkiff Miele
        Mielke Mier Miera Miers Miesner Mifflin Migliore Mignone Miguel Migues Mijares Mika Mike Mikel Mikell Mikels
        Mikesell Mikkelsen Mikkelson Mikula Milam Milan Milano Milardo Milazzo Milbourn Milbrandt Milburn Miler Miles
        Milewski Miley Milford Milian Militello Mill Millan Millar Millard Millay Millen Millender Miller Millet
        Millett Millette Millhouse Millican Milligan Millikan Milliken Millikin Milliman Milliner Millington Million
        Milliron Millis Millman Millner Mills Millsap Millsaps Millwood Milne Milner Milo Milone Milsap Milstead
        Miltenberger Milton Mimms Mims Min Mina Minard Minarik Minaya Mincey Minch Minchew Mincy Minder Miner Mines
        Ming Mingle Mingo Mingus Minich Minick Minier Minix Minjares Mink Minks Minner Minnich Minnick Minnis Minor
        Minter Minto Minton Mintz Minyard Mirabal Miracle Miraglia Miramontes Miranda Mire Mireles Miron Miser Mishler
        Mishoe Miskell Misner Mistretta Mitcham Mitchel Mitchell Mitchem Mitchener Mitchum Mitten Mitton Mitts Mitzel
        Miura Mix Mixon Mixson Miyamoto Miyashiro Mize Mizell Mizelle Mizer Mizrahi Moak Moats Moberg Moberly Mobley
        Mock Modica Modlin Modzelewski Moe Moeller Moen Moffat Moffatt Moffet Moffett Moffit Moffitt Mogensen Mohamed
        Mohammad Mohammed Mohan Mohler Mohn Mohney Mohr Moir Moise Mojica Molden Moldenhauer Mole Moler Moles Molina
        Molinar Molinari Molinaro Moline Molino Molitor Moll Moller Mollett Mollica Molloy Molnar Molock Moloney
        Molter Molyneux Monaco Monaghan Monahan Monarrez Moncada Moncayo Moncrief Monday Mondor Mondragon Mondy Mone
        Monette Money Mong Monge Mongeau Monger Mongillo Monico Monier Moniz Monk Monks Monn Monnier Monreal Monroe
        Monroy Monsen Monson Monsour Montag Montagna Montague Montalto Montalvo Montana Montanez Montano Monte
        Monteiro Monteith Montejano Monteleone Montelongo Montemayor Montenegro Montero Montes Montez Montford
        Montgomery Monti Montiel Montijo Montilla Montoya Monty Montz Monzo Monzon Moodie Moody Mook Moon Mooney
        Mooneyham Mooneyhan Moor Moore Moorefield Moorehead Moorer Moores Moorhead Moorhouse Mooring Moorman Moors
        Moos Moose Mora Morabito Morado Moraga Morais Morales Moralez Moran Morano Morant More Moreau Moree Morefield
        Morehead Morehouse Moreira Morejon Morel Moreland Morell Morelli Morello Morelock Morena Morency Moreno
        Moretti Moretz Morey Morfin Morford Morgan Morganti Morgenstern Mori Moriarty Morillo Morin Moring Moris
        Morison Morissette Morita Moritz Mork Morlan Morley Morlock Morman Morneau Morning Morningstar Moro Morones
        Moroney Moronta Morphis Morrell Morrill Morris Morrisey Morrison Morriss Morrissette Morrissey Morrone Morrow
        Morse Mort Mortensen Mortenson Mortimer Morton Morvant Mosby Mosca Moscato Mose Moseley Mosely Moser Moses
        Mosher Moshier Mosier Moskowitz Mosley Mosqueda Mosquera Moss Mosser Mossman Mosteller Mota Mote Moten Motes
        Motley Moton Motsinger Mott Motta Motter Motto Motyka Motz Moua Moulder Moulton Moultrie Moultry Mounce Mount
        Mountain Mounts Mouser Mousseau Mouton Mouzon Mowbray Mowen Mower Mowers Mowery Mowrer Mowrey Mowry Moxley Moy
        Moya Moye Moyer Moyers Moyes Moylan Moyle Moynihan Mozee Mozingo Mraz Mroz Mrozek Mucci Mucha Muck Mudd Mudge
        Mueller Muench Muff Muhammad Mui Muir Muirhead Muise Mujica Mukai Mulcahy Mulder Muldoon Muldowney Muldrow
        Mule Mulford Mulhall Mulhern Mulholland Mulkey Mull Mullan Mullane Mullaney Mullen Mullenax Mullenix Mullens
        Muller Mullet Mullett Mullican Mulligan Mullikin Mullin Mullinax Mullings Mullinix Mullins Mullis Mulloy
        Mulvaney Mulvey Mulvihill Mumaw Mumford Mumm Mumma Mumme Mummert Munch Muncie Muncy Mund Munday Mundell Munden
        Mundo Mundt Mundy Munez Munford Munger Mungia Mungo Munguia Muniz Munk Munn Munos Munoz Munro Munroe Munsch
        Munsell Munsey Munson Muntz Munz Murakami Murawski Murch Murchison Murdoch Murdock Murff Murguia Muriel
        Murillo Murley Muro Murph Murphey Murphree Murphy Murr Murrah Murray Murrell Murrieta Murrill Murrin Murrow
        Murry Murtagh Murtha Muse Musgrave Musgrove Musial Music Musick Musselman Musselwhite Musser Musso Musson
        Mustafa Musto Mutch Mutchler Muth Muto Mutter Myatt Myer Myers Myerson Myhre Myler Myles Mynatt Myres Myrick
        Myricks Myrie Myron Mysliwiec Naber Nabors Naccarato Nace Nadeau Nadel Nader Nadler Nagao Nagata Nagel Nagle
        Nagy Nail Nair Najar Najera Nakagawa Nakamoto Nakamura Nakano Nakashima Nakasone Nakata Nakayama Nale Nall
        Nalley Nalls Nally Nam Nance Nanney Nantz Napier Naples Napoleon Napoles Napoli Napolitano Napper Nappi Naquin
        Naranjo Narcisse Nardi Nardone Naron Narron Narvaez Nash Nason Nass Nassar Nasser Natal Natale Natali Nathan
        Nathaniel Nathanson Nation Nations Natividad Natoli Nau Naughton Naugle Nault Nauman Naumann Nava Navarette
        Navarra Navarre Navarrete Navarrette Navarro Navas Nave Nawrocki Nay Naylor Nazario Neace Neagle Neal Neale
        Nealey Nealon Nealy Near Neary Nease Neathery Neaves Nebeker Nebel Neblett Necaise Ned Nedd Nee Neece Needham
        Neel Neeley Neely Neer Nees Neese Neff Negrete Negri Negrin Negron Neher Nehls Nehring Neidig Neighbors
        Neihoff Neil Neill Neilsen Neilson Neiman Nell Nelligan Nellis Nelms Nelsen Nelson Nembhard Nemec Nemeth Neri
        Nero Nesbit Nesbitt Nesler Nesmith Ness Nester Nestor Neth Netherton Netter Nettles Nettleton Netto Netzer Neu
        Neubauer Neubert Neufeld Neuhaus Neuman Neumann Nevarez Nevels Nevers Neves Neveu Neville Nevin Nevins Nevitt
        Nevius New Newberg Newbern Newberry Newbill Newbold Newborn Newburn Newbury Newby Newcomb Newcombe Newcomer
        Newell Newhall Newhouse Newkirk Newland Newlin Newlon Newman Newnam Newport Newquist Newsom Newsome Newson
        Newton Ney Nez Ngo Nguyen Niblett Nicastro Nice Nicely Nichol Nicholas Nicholes Nicholls Nichols Nicholson
        Nick Nickel Nickell Nickels Nickelson Nickens Nickerson Nicklas Nickle Nickles Nickols Nicks Nickson Nicodemus
        Nicol Nicola Nicolai Nicolas Nicolay Nicoletti Nicoll Nicolosi Nicosia Nida Niebuhr Niehaus Nielsen Nielson
        Nieman Niemann Niemeyer Niemi Niemiec Nies Nieto Nieves Nigh Nightingale Nigro Niles Nilles Nilsen Nilson
        Nilsson Nimmo Nimmons Nims Nino Nipp Nipper Nisbet Nisbett Nishida Nishimura Nissen Nitta Nitz Niven Nivens
        Nix Nixon Noack Noah Noakes Noble Nobles Noblitt Nocera Nock Noda Noe Noel Noell Noga Noggle Noguera Nokes
        Nolan Noland Nolasco Nold Nolen Noles Nolette Nolin Noll Nolley Nolte Nolting Noon Noonan Noone Noonkester
        Norberg Norby Norcross Nord Nordberg Norden Nordin Nordman Nordquist Nordstrom Noren Norfleet Noriega Norman
        Normand Normandin Norred Norrell Norris Norsworthy North Northcutt Northern Northington Northrop Northrup
        Northup Norton Norvell Norwood Nosal Noto Nott Nottingham Nourse Nova Novack Novak Novello Novick Novoa
        Novotny Nowacki Nowak Nowakowski Nowell Nowicki Nowlin Noyes Noyola Nuckolls Nuckols Nugent Null Numbers Nunes
        Nunez Nunley Nunn Nunnally Nunnery Nuno Nurse Nusbaum Nuss Nussbaum Nutt Nuttall Nutter Nutting Nuzzo Nyberg
        Nye Nygaard Nyman Nyquist Nystrom Oakes Oakley Oakman Oaks Oates Oatman Obando Obanion Obannon Ober Oberg
        Oberlander Oberle Oberlin Oberry Oboyle Obregon Obrian Obrien Obryan Obryant Obyrne Ocallaghan Ocampo Ocasio
        Occhipinti Oceguera Ochoa Ochs Oconnell Oconner Oconnor Odaniel Oday Oddo Odea Odegaard Odell Oden Odle Odom
        Odoms Odonnell Odonoghue Odowd Odriscoll Odum Oehler Oestreich Ofarrell Officer Offutt Ogan Ogara Ogata Ogawa
        Ogburn Ogden Ogg Ogilvie Ogle Ogles Oglesby Ogletree Ogorman Ogrady Ogren Ohagan Ohalloran Ohanlon Ohara Ohare
        Ohearn Ohl Ohler Ohlinger Ohlsen Ohlson Ohman Oja Ojeda Okamoto Okane Okeefe Okelley Okelly Olague Olander
        Olaughlin Old Oldaker Olden Oldenburg Oldfield Oldham Olds Olea Oleary Oles Olesen Oleson Olguin Olin Olinger
        Oliphant Oliva Olivar Olivares Olivarez Olivarria Olivas Olive Oliveira Oliver Olivera Oliveras Oliveri
        Oliverio Oliveros Olivier Olivieri Olivo Oller Ollie Ollis Ollison Olmeda Olmo Olmos Olmstead Olmsted Olney
        Oloughlin Olsen Olson Olsson Olszewski Olvera Omalley Oman Omar Omara Omeara Onan Oneal Oneil Oneill Oney Ong
        Oniel Onken Ono Onorato Ontiveros Ooten Opitz Opp Oppenheim Oppenheimer Opperman Oquendo Oquinn Oram Orange
        Orbison Orchard Orcutt Ordaz Ordonez Orduna Ordway Ore Orear Oreilly Orellana Orem Oren Orenstein Organ Oritz
        Orlandi Orlando Orlowski Orman Orme Ormiston Ormond Ormsby Orndorff Ornelas Ornellas Orner Orona Oropeza Oros
        Orosco Orourke Orozco Orr Orrell Orris Orsini Orso Orta Ortega Ortego Ortegon Ortez Orth Ortis Ortiz Ortner
        Orton Orvis Orzechowski Osborn Osborne Osbourn Osbourne Osburn Osby Oscar Osgood Oshaughnessy Oshea Oshields
        Oshiro Oslund Osman Osmond Osorio Osornio Ospina Ostby Osteen Oster Osterberg Osterhout Osterman Ostler
        Ostlund Ostrander Ostrom Ostrow Ostrowski Osullivan Osuna Oswald Oswalt Ota Otani Otero Otey Otis Otoole Ott
        Otte Otten Otter Otterson Ottinger Ottley Ottman Otto Otts Otwell Oubre Ouellette Ouimet Ours Ousley Outen
        Outland Outlaw Outten Ouzts Ovalle Ovellette Overall Overbay Overbeck Overbey Overby Overcash Overholt
        Overlock Overly Overman Overstreet Overton Overturf Oviatt Oviedo Owen Owenby Owens Owensby Owings Ownby
        Owsley Oxendine Oxford Oxley Oyama Oyer Oyler Oyola Ozment Ozuna Pablo Pabon Pabst Pace Pacheco Pacifico Pack
        Packard Packer Paddock Paden Padgett Padilla Padillo Padro Padron Padua Padula Paek Paez Paff Pafford Pagan
        Pagano Page Pagel Pahl Paige Paik Paille Paine Painter Pair Paisley Paiva Paiz Pak Pal Palacio Palacios
        Paladino Palafox Palazzo Palazzolo Palen Palermo Palko Palladino Palm Palma Palmateer Palmatier Palmer Palmeri
        Palmieri Palmisano Palmore Palmquist Palomares Palombo Palomino Palomo Palos Pals Palumbo Pam Pamplin Pan
        Pancoast Pando Pane Panek Panella Pang Pangburn Pangle Paniagua Pankey Pankratz Pannell Panos Pantano Panther
        Pantoja Panton Panzer Paolini Paolucci Papa Papadopoulos Papas Pape Papenfuss Papineau Papke Papp Pappalardo
        Pappas Paquet Paquette Paquin Para Parada Paradis Paradise Paradiso Paramore Paras Parchman Pardee Pardo
        Pardon Pardue Pare Paredes Paredez Parent Parente Parenteau Parenti Parham Parikh Paris Parise Pariseau Parish
        Parisi Parisien Park Parke Parker Parkerson Parkes Parkey Parkhill Parkhurst Parkin Parkins Parkinson Parkison
        Parkman Parks Parlier Parlin Parman Parmelee Parmenter Parmentier Parmer Parmley Parnell Paro Parodi Parr
        Parra Parramore Parras Parrett Parrino Parris Parrish Parrott Parry Parshall Parsley Parson Parsons Partain
        Partee Parten Partida Partin Partington Partlow Parton Partridge Parvin Pascal Pascale Pascarella Paschal
        Paschall Paschke Pasco Pascoe Pascua Pascual Pasillas Pasko Pasley Pasquale Pasquariello Pass Passarelli
        Passmore Pasternak Pastor Pastore Pastrana Patague Patao Patch Patchell Patchen Patchett Pate Patel Patenaude
        Paterson Patillo Patin Patino Patnaude Patnode Paton Patricio Patrick Patridge Patt Pattee Patten Patterson
        Patti Pattillo Pattison Patton Patty Paugh Paul Pauley Paulhus Pauli Paulin Pauline Pauling Paulino Paulk
        Paull Pauls Paulsen Paulson Paulus Pauly Pautz Pavlik Pavon Pavone Pawlak Pawlowicz Pawlowski Paxson Paxton
        Payan Payeur Paylor Payne Paynter Payson Payton Paz Pea Peabody Peace Peach Peachey Peacock Peak Peake Pearce
        Pearcy Pearl Pearlman Pearman Pearsall Pearse Pearson Peart Pease Peaslee Peasley Peavey Peavler Peavy Peay
        Pecinovsky Peck Peckham Pecor Pecora Pecoraro Peden Pedersen Pederson Pedigo Pedone Pedraza Pedrick Pedro
        Pedrosa Pedroza Peebles Peed Peek Peel Peele Peeler Peeples Peer Peery Peet Peete Peets Pegg Pegram Peguero
        Pegues Pehrson Peiffer Peil Peirce Pekar Pelaez Pelayo Pelchat Pelfrey Pelham Pelkey Pell Pellegrin Pellegrini
        Pellegrino Peller Pellerin Pelletier Pelley Pellham Pellot Peloquin Pelt Peltier Pelton Peltz Peluso Pelzer
        Pemberton Pena Penaflor Penaloza Pence Pendarvis Pendelton Pender Pendergast Pendergraft Pendergrass
        Pendergrast Pendleton Pendley Peng Penick Penix Penland Penley Penman Penn Penna Pennebaker Pennell Penner
        Penney Penniman Penning Pennington Pennock Penny Pennypacker Penrod Penrose Penson Pentecost Penton Penwell
        People Peoples Pepe Pepin Peplinski Pepper Peppers Pera Perales Peralez Peralta Peranio Peraza Percival Percy
        Perdomo Perdue Perea Pereda Pereira Perera Peres Pereyra Perez Pergande Perham Perillo Perin Perine Perino
        Perkin Perkins Perkinson Perl Perlman Permenter Perna Pernell Pero Perone Perras Perrault Perreault Perreira
        Perri Perrigo Perrin Perrine Perro Perrodin Perron Perrone Perrotta Perry Perryman Persaud Persinger Person
        Persons Peru Perz Pesce Pesina Pestana Pete Peter Peterka Peterkin Peterman Petermann Peters Petersen Peterson
        Petillo Petit Petite Petitt Petrarca Petre Petree Petrella Petrey Petri Petrick Petrie Petrillo Petrin Petro
        Petroff Petrone Petrosky Petrovich Petrucci Petrus Petry Pettaway Pettengill Petterson Pettey Petti Pettie
        Petties Pettiford Pettigrew Pettis Pettit Pettitt Pettry Pettus Pettway Petty Pettyjohn Petway Pew Pewitt
        Peyton Pfaff Pfannenstiel Pfarr Pfau Pfeffer Pfeifer Pfeiffer Pfeil Pfister Pflug Phair Pham Phan Phaneuf
        Phares Pharr Pharris Phelan Phelps Phifer Philbrick Philbrook Philip Philippe Philipps Philips Phillip
        Phillippi Phillips Philpot Philpott Philson Philyaw Phinney Phipps Phoenix Phu Phung Piatt Piazza Pica Picard
        Piccirillo Piccolo Pichardo Piche Pichon Pick Pickard Pickel Pickell Pickens Pickerel Pickering Pickett Pickle
        Pickles Picklesimer Pickney Pickrell Picou Pidgeon Piedra Piekarski Pieper Pier Pierce Piercy Pieroni Pierre
        Pierro Pierson Pietrzak Pietsch Pifer Pigeon Pigford Pigg Piggott Pigott Pike Piland Pilcher Pilger Pilgrim
        Pilkington Pilla Pillar Pillow Pillsbury Pilon Pilot Pimental Pimentel Pina Pinard Pinckney Pincus Pinder Pine
        Pineda Pinedo Pinegar Pineiro Piner Pinero Pines Pinette Ping Pingree Pinheiro Pinion Pink Pinkard Pinkerton
        Pinkett Pinkham Pinkley Pinkney Pinkston Pinner Pinney Pinnix Pinnock Pino Pinon Pinson Pinter Pinto Pinzon
        Pio Piotrowski Piper Pipes Pipkin Pipkins Pippen Pippin Pippins Pires Pirkle Pirtle Pisani Pisano Piscitelli
        Pita Pitcher Pitchford Pitcock Pitkin Pitman Pitre Pitt Pittard Pittenger Pitter Pittman Pitts Pittsley Pitzen
        Pitzer Pixley Pizano Pizarro Pizzo Place Placencia Plain Plaisance Plaisted Planas Plank Plant Plante
        Plascencia Plasencia Plaster Plata Plath Platt Platz Player Plaza Pleas Pleasant Pleasants Pledger Plemmons
        Plemons Pless Pletcher Ploof Plotkin Plotner Plott Plouffe Plourde Plowden Plowman Plum Plumb Plumer Plumlee
        Plumley Plummer Plunk Plunkett Plyler Poarch Poch Poche Poe Poff Poffenberger Pogue Pohl Pohlman Pohlmann
        Poindexter Pointer Poirier Poissant Poisson Poitra Poitras Pokorny Polak Polanco Poland Polansky Polasek Polen
        Polhemus Poli Policastro Poling Polite Polito Politte Polizzi Polk Poll Pollack Pollak Pollard Polley Pollitt
        Pollman Pollock Polly Polo Polson Polster Polston Polzin Pomerleau Pomeroy Pompa Pompey Pon Ponce Pond Ponder
        Ponds Pons Ponte Pontiff Pontius Ponton Pool Poole Pooler Pooley Poon Poor Poore Poorman Poovey Popa Pope
        Popham Poplar Poplin Popovich Popp Poppe Poppell Porath Porcaro Porch Porche Porras Port Porter Porterfield
        Portillo Portis Porto Portugal Portwood Posada Posey Posner Pospisil Poss Post Postel Postell Postma Poston
        Poteat Poteet Poteete Pothier Potter Pottorff Potts Potvin Pou Poudrier Pough Poulin Pouliot Poulos Poulsen
        Poulson Poulton Pouncy Pound Pounders Pounds Powe Powell Power Powers Powley Poyner Poynor Poynter Poythress
        Prada Prado Prager Prahl Prall Prange Prasad Prater Prather Prato Pratt Pratts Pray Preas Preble Preciado
        Precourt Predmore Preece Preiss Prejean Premo Prendergast Prentice Prentiss Prescott Preslar Presler Presley
        Presnell Press Pressey Pressler Pressley Pressman Pressnell Presson Presswood Preston Prestridge Prestwood
        Pretty Prettyman Preuss Preusser Prevatte Prevost Prewett Prewitt Pribble Price Prichard Prichett Prickett
        Priddy Pride Pridemore Pridgen Pridmore Priebe Pries Priest Priester Priestley Prieto Prill Prim Prime
        Primeaux Primm Primmer Primo Primrose Primus Prince Principato Prindle Prine Pringle Prins Printz Prinz
        Prioleau Priolo Prior Prisco Pritchard Pritchett Pritt Pritts Privett Privette Probst Prochaska Prochnow
        Procopio Procter Proctor Proffitt Profit Profitt Prokop Prom Proper Propes Propp Propst Prosperie Prosser
        Proto Proulx Prout Prouty Provencal Provencher Provenzano Province Provost Prowell Prude Pruden Prudhomme Prue
        Pruett Pruitt Pruneda Prunty Pry Pryce Pryor Przybylski Pua Pucci Puccio Puckett Puente Puentes Puff Puffer
        Puga Pugh Pugliese Puglisi Pugsley Puig Pulaski Puleo Pulice Pulido Pullen Pulley Pulliam Pullin Pullins
        Pullman Pullum Puls Pulsifer Pulver Puma Pumphrey Punch Pung Purcell Purdie Purdom Purdue Purdy Purifoy
        Purington Purkey Purnell Purpura Pursel Pursell Purser Pursley Purtell Purvis Puryear Pusey Pushard Putman
        Putnam Putney Putt Putz Pyatt Pyburn Pye Pylant Pyle Pyles Pyne Pyron Quach Quackenbush Quade Qualls Quam Quan
        Quandt Quarles Quarterman Quast Quattlebaum Quayle Queen Queener Quellette Querry Quesada Quesenberry
        Quesinberry Quevedo Quezada Quick Quigley Quijada Quijano Quiles Quill Quillen Quillin Quimby Quin Quincy
        Quinlan Quinn Quinney Quinones Quinonez Quint Quintal Quintana Quintanar Quintanilla Quintero Quinto Quinton
        Quirion Quirk Quiroga Quiros Quiroz Quisenberry Quist Quon Raab Raabe Raap Raasch Rabago Rabb Rabe Raber
        Rabideau Rabin Rabinowitz Rabon Raby Race Racette Rachal Rachel Racicot Racine Rackers Rackley Rada Radabaugh
        Radcliff Radcliffe Radel Rademacher Rader Radford Radke Radley Radosevich Radtke Rae Rael Rafael Raff Raffa
        Raffaele Rafferty Rafter Raftery Ragan Rager Raggs Ragin Ragland Raglin Ragsdale Ragusa Rahe Rahm Rahman Rahn
        Raiford Railey Railsback Raimondi Rain Rainbolt Raine Rainer Raines Rainey Rains Rainville Rainwater Rake
        Raker Rakes Rakestraw Rakowski Raleigh Raley Rall Ralls Ralph Ralston Ramage Rambert Rambo Ramer Rameriz Ramey
        Raminez Ramires Ramirez Ramm Ramon Ramos Ramsay Ramsdell Ramsey Rana Ranallo Ranck Rancourt Rand Randall
        Randazzo Randel Randell Randle Randles Rando Randolph Raney Range Rangel Ranger Ranieri Rank Rankin Rankins
        Ranney Ransdell Ransom Ransome Ranson Rao Rape Raper Raphael Rapier Raposa Raposo Rapoza Rapp Rappaport
        Rappold Rardin Rarick Rasberry Rasch Raschke Rasco Rascoe Rascon Rash Rasheed Rashid Raskin Rasmussen Rasnake
        Rasnick Rasor Rast Ratchford Ratcliff Ratcliffe Rath Rathbone Rathbun Rathburn Rather Rathjen Ratley Ratliff
        Ratner Ratti Ratzlaff Rau Raub Rauch Raulston Rausch Rauscher Raven Rawley Rawlings Rawlins Rawlinson Rawls
        Rawson Ray Raya Raybon Rayborn Rayburn Rayes Rayfield Rayford Raygoza Rayl Raymer Raymo Raymond Rayner Raynes
        Raynor Rayo Razo Rea Reach Read Reade Reader Reading Ready Reagan Reagle Real Reale Ream Reamer Reames Reams
        Reaper Reardon Rearick Reason Reasoner Reasor Reaves Reavis Reay Rebello Rebelo Reber Rech Recinos Recio Reck
        Recker Record Rector Red Reda Redd Redden Reddick Reddin Redding Reddington Reddish Reddy Reder Redfern
        Redfield Redford Redick Reding Redinger Redington Redman Redmon Redmond Redner Redondo Redrick Redus Redwine
        Reece Reed Reeder Reedy Reel Reep Rees Reese Reeser Reeve Reeves Regalado Regan Reger Regina Regis Register
        Regner Regnier Rego Rehberg Rehkop Rehm Rehn Reiber Reich Reichard Reichel Reichenbach Reichert Reichling
        Reichman Reid Reider Reidy Reif Reiff Reigle Reiley Reilley Reilly Reily Reimann Reimer Reimers Rein Reina
        Reinbold Reinecke Reiner Reinert Reinhard Reinhardt Reinhart Reinhold Reinke Reinoso Reis Reiser Reisinger
        Reisman Reiss Reiter Reith Reitz Reliford Relyea Remaley Rembert Remer Remick Remillard Remington Remley
        Remmers Rempe Remy Renard Renaud Rencher Renda Render Rendon Rene Reneau Renfro Renfroe Renfrow Renick Renken
        Renn Renner Rennick Rennie Renninger Reno Renshaw Rentas Renteria Rentschler Rentz Renwick Reny Renz Renzi
        Repass Replogle Repp Reppert Resch Resendez Resendiz Reser Resh Resler Resnick Ress Ressler Rester Restivo
        Resto Restrepo Retana Retherford Rethman Rettig Retzlaff Reulet Reuter Reveles Revell Revels Revilla Revis Rew
        Rex Rexford Rexroad Rey Reyer Reyes Reyna Reynold Reynolds Reynosa Reynoso Reza Rezendes Rhames Rhea Rheaume
        Rhee Rhein Rhem Rhine Rhinehart Rhines Rhoades Rhoads Rhode Rhoden Rhodes Rhone Rhoten Rhoton Rhymer Rhymes
        Rhyne Rhynes Ribble Ribeiro Ricard Ricardo Ricca Riccardi Ricci Ricciardi Riccio Ricco Rice Rich Richard
        Richards Richardson Richarson Richart Richburg Riche Richer Richerson Richert Richeson Richey Richie Richins
        Richison Richman Richmond Richter Rick Rickard Rickards Rickel Ricker Rickert Ricketson Rickett Ricketts
        Rickey Rickman Ricks Rico Riddell Ridder Riddick Riddle Riddles Ridenhour Ridenour Rideout Rider Ridge
        Ridgeway Ridgley Ridgway Riding Ridinger Ridings Ridley Ridlon Ridout Riebe Ried Riedel Rieder Riedl Riegel
        Rieger Riehl Riehle Rieke Riel Riemer Riendeau Rients Ries Riese Riess Rieth Rieves Rife Riffe Riffel Riffle
        Rigby Rigdon Rigg Riggan Riggin Riggins Riggio Riggle Riggleman Riggs Rigney Rigsby Rikard Riker Riles Riley
        Rimer Rimes Rimmer Rinaldi Rincon Rine Rinehart Riner Rines Riney Ring Ringer Ringgold Ringler Ringo Rini Rink
        Rinker Rio Riojas Riordan Rios Rioux Ripley Rippel Rippeon Rippey Ripple Rippy Risch Riser Rish Rishel Risher
        Rising Risinger Risk Risley Risner Risser Rist Ristau Rister Rita Ritch Ritchey Ritchie Ritenour Riter
        Rittenberry Rittenhouse Ritter Ritz Ritzer Ritzman Rivard Rivas Rivenbark Rivenburg River Rivera Riveria
        Rivero Rivers Rives Rivet Riviera Rix Rizer Rizo Rizzi Rizzo Rizzuto Roa Roach Roache Roan Roane Roark Robards
        Robb Robbins Robbs Roberge Roberson Robert Roberto Roberts Robertson Robeson Robey Robichaud Robichaux
        Robicheaux Robidoux Robie Robillard Robin Robinett Robinette Robins Robinson Robison Robitaille Robledo Robles
        Robson Roby Roca Rocchio Rocco Rocha Roche Rocheleau Rochelle Rochester Rochon Rock Rocker Rockett Rockey
        Rockwell Rockwood Roda Rodarte Rodas Rodden Roddy Rode Roden Roder Roderick Rodes Rodger Rodgers Rodiguez
        Rodkey Rodman Rodney Rodreguez Rodrigez Rodrigue Rodrigues Rodriguez Rodriguz Rodrique Rodriques Rodriquez Roe
        Roebuck Roeder Roehl Roemer Roepke Roesch Roesler Roesner Roessler Rogalski Rogan Roger Rogers Rogerson Rogge
        Rogowski Rogue Rohan Rohde Rohe Rohn Rohr Rohrbach Rohrbaugh Rohrer Rojas Rojo Roland Roldan Rolen Roles Rolf
        Rolfe Rolfes Roling Roll Rolland Rolle Roller Rollin Rolling Rollings Rollins Rollison Rollman Rollo Roloff
        Rolon Rolph Rolston Romain Romaine Roman Romano Romanowski Romans Rome Romeo Romer Romero Romig Romine Rommel
        Romo Romriell Ronald Ronan Rondeau Rondon Rone Roney Ronk Ronning Ronquillo Rood Roof Rook Rooker Rooks Room
        Rooney Roop Roos Roosa Roose Roosevelt Root Roots Roper Ropp Roque Roquemore Rorie Ros Rosa Rosado Rosales
        Rosalez Rosamond Rosario Rosas Rosati Rosato Rosborough Roscoe Rose Roseberry Roseboro Roselli Roseman
        Rosemond Rosen Rosenau Rosenbalm Rosenbaum Rosenberg Rosenberger Rosenberry Rosenblatt Rosenbloom Rosenblum
        Rosendahl Rosenfeld Rosenfield Rosenow Rosenstein Rosenthal Rosenzweig Roser Rosier Rosin Rosinski Rosner
        Rosol Ross Rossbach Rosser Rossetti Rossi Rossignol Rossiter Rossman Rosso Rosson Rossow Rost Rote Rotella
        Roten Rotenberry Roth Rothe Rothenberg Rother Rothermel Rothman Rothrock Rothschild Rothstein Rothwell Rotondo
        Rotter Rottman Rotz Roudebush Roughton Rouillard Rouleau Rounds Roundtree Roundy Rountree Rourke Rouse Rousey
        Roush Rousseau Roussel Routh Routt Roux Row Rowan Rowden Rowe Rowell Rowen Rowland Rowlands Rowles Rowlett
        Rowley Rowse Rowsey Roy Royal Royall Royals Royalty Roybal Royce Roye Royer Royse Royster Royston Rozar Rozek
        Rozell Rozier Rozzi Ruane Ruano Ruark Rubalcaba Rubalcava Ruben Rubenstein Rubin Rubino Rubinstein Rubio Ruble
        Ruby Ruch Ruck Rucker Ruckman Rucks Rudd Ruddell Rudder Ruddick Ruddy Rude Ruder Rudisill Rudnick Rudnicki
        Rudolf Rudolph Rudy Rue Rueb Rueda Ruel Ruelas Rueter Ruf Rufener Ruff Ruffin Ruffing Ruffner Rufus Rugg
        Ruggeri Ruggerio Ruggieri Ruggiero Ruggles Rugh Ruhl Ruhland Ruis Ruiz Rule Ruley Rumbaugh Rumble Rumfelt
        Rumley Rummel Rumph Rumsey Rundell Rundle Runge Runion Runk Runkle Runnels Runner Running Runyan Runyon Rupe
        Rupert Rupp Ruppe Ruppert Rusch Rush Rushford Rushin Rushing Rushton Rusin Rusk Rusnak Russ Russel Russell
        Russo Rust Rustad Rustin Rutan Ruth Rutherford Rutkowski Rutland Rutledge Rutt Rutter Rutz Ruvalcaba Ruybal
        Ruyle Ruzicka Ryals Ryan Ryans Ryant Ryba Ryberg Rybicki Ryckman Rydberg Ryder Rye Ryer Ryerson Ryland Ryles
        Ryman Rymer Saad Saari Saathoff Saavedra Saba Sabado Sabala Sabatini Sabatino Sabb Sabbagh Sabella Sabia Sabin
        Sabine Sabo Sabol Sacco Sachs Sack Sackett Sacks Saddler Sadler Sadowski Sae Saechao Saenz Saephan Saez
        Saffold Safford Sage Sager Sagers Said Sailer Sailor Sain Saine Sainz Sais Saito Saiz Sak Sakai Sakamoto Sala
        Salaam Saladin Saladino Salamanca Salamone Salas Salazar Salcedo Salcido Saldana Saldivar Sale Saleem Saleh
        Salem Salerno Sales Salgado Salguero Saliba Salinas Saling Salisbury Sallee Salley Salls Salmeron Salmi Salmon
        Salmons Salo Salomon Salsbury Salter Salters Saltsman Saltz Saltzman Salvador Salvaggio Salvato Salvatore
        Salvo Salyer Salyers Salzer Salzman Sam Samaniego Samayoa Samford Sammons Samons Samora Sample Samples Sampley
        Sampsell Sampson Sams Samsel Samson Samuel Samuels Samuelson Sanabria Sanborn Sanches Sanchez Sancho Sand
        Sandberg Sande Sandefur Sandell Sanden Sander Sanderlin Sanders Sanderson Sandford Sandidge Sandifer Sandiford
        Sandin Sandler Sandlin Sandman Sandor Sandoval Sandoz Sandquist Sandridge Sands Sandstrom Sandusky Sandy Sane
        Saner Sanfilippo Sanford Sanger Sangster Sanjuan Sankey Sanks Sanmiguel Sanner Sano Sanon Sanor Sanroman
        Sansbury Sansom Sanson Sansone Sant Santa Santacruz Santamaria Santana Santangelo Santee Santelli Santiago
        Santibanez Santillan Santillanes Santillo Santini Santistevan Santo Santora Santore Santoro Santos Santoyo
        Santucci Sao Sapien Sapienza Sapp Sappington Sarabia Saragosa Saravia Sardina Sargeant Sargent Sarmiento Sarno
        Sarratt Sarris Sartain Sartin Sartor Sartori Sarver Sarvis Sasaki Sass Sasse Sasser Sasso Satchell Satcher
        Saterfiel Sather Sato Satter Satterfield Satterlee Satterwhite Sattler Sauceda Saucedo Saucier Sauer Sauers
        Saul Sauls Saulsberry Saulsbury Saulter Saulters Saum Saunders Sauseda Sauter Sautter Sauve Savage Savala
        Savant Savard Savarese Savell Saver Saville Savino Savoie Savory Savoy Sawicki Sawin Sawtelle Sawyer Sawyers
        Sax Saxon Saxton Say Sayer Sayers Sayler Sayles Saylor Saylors Sayre Scaggs Scaglione Scaife Scala Scales
        Scalf Scalia Scalise Scalzo Scanlan Scanlon Scannell Scarberry Scarborough Scarbrough Scarlett Scarpelli
        Scates Schaaf Schaal Schacher Schacht Schachter Schade Schaefer Schaeffer Schafer Schaff Schaffer Schaffner
        Schaible Schalk Schall Schaller Schank Schantz Schanz Schaper Scharf Scharff Schatz Schaub Schauer Schechter
        Scheck Schecter Scheel Scheele Scheer Scheerer Scheetz Scheffel Scheffer Scheffler Scheiber Scheid Scheidt
        Schell Scheller Schenck Schendel Schenk Scher Scherer Schermerhorn Scherr Scherrer Scheu Scheuerman Schewe
        Schexnayder Schiavo Schiavone Schick Schieber Schiefelbein Schier Schiff Schiffer Schiffman Schild Schildgen
        Schilke Schill Schillaci Schiller Schilling Schillinger Schimke Schimmel Schindler Schipper Schippers Schirmer
        Schiro Schisler Schlater Schlecht Schlegel Schleicher Schlemmer Schlenker Schlesinger Schley Schlichting
        Schloss Schlosser Schlueter Schluter Schmaltz Schmalz Schmeling Schmeltzer Schmelzer Schmid Schmidt Schmit
        Schmitt Schmitz Schmoll Schmuck Schmucker Schnabel Schneck Schneider Schnell Schnieders Schober Schoch Schock
        Schoen Schoenberg Schoenberger Schoenfeld Schoenrock Schofield Scholes Scholl Scholten Scholz Schoolcraft
        Schooler Schooley Schoonmaker Schoonover Schorr Schott Schrack Schrader Schram Schramm Schrantz Schrecengost
        Schreck Schreffler Schreiber Schreier Schreiner Schrimsher Schriver Schrock Schroder Schroeder Schroer
        Schroeter Schrom Schroth Schroyer Schrum Schrupp Schubert Schuck Schueler Schuelke Schueller Schuette Schuetz
        Schug Schuh Schuldt Schuler Schull Schuller Schulman Schulte Schultheis Schultz Schulz Schulze Schumacher
        Schumaker Schuman Schumann Schupp Schurman Schuster Schutt Schutte Schutz Schuyler Schwab Schwabe Schwager
        Schwalm Schwan Schwandt Schwanke Schwartz Schwartzkopf Schwarz Schweiger Schweigert Schweitzer Schweizer
        Schwenk Schwindt Schwing Scianna Scioneaux Sciortino Scipio Sclafani Scofield Scoggin Scoggins Scogin Scoles
        Scott Scotti Scotto Scoville Scranton Scriber Scribner Scriven Scrivner Scroggins Scroggs Scruggs Scudder
        Scuderi Scull Scully Scurlock Scurry Sea Seaberg Seabolt Seaborn Seabrook Seabrooks Seager Seagle Seagraves
        Seal Seale Seales Sealey Seals Sealy Seaman Seamans Seamon Seamons Searcy Searfoss Searight Searle Searles
        Searls Sears Sease Seaton Seats Seaver Seavey Seawell Seawright Seay Sebastian Sebring Sechrist Secor Secrest
        Secrist Seda Seddon Seder Sedgwick Sedillo Sedlacek Sedlak See Seeber Seefeldt Seeger Seeley Seelig Seely
        Seelye Seeman Seery Seese Seevers Segal Segarra Segars Seger Segers Segovia Segraves Segrest Seguin Segundo
        Segura Seibel Seiber Seibert Seibold Seidel Seidell Seiden Seidl Seidman Seifert Seigel Seigler Seiler Seim
        Seiter Seitz Selby Selden Selders Seldon Self Selfridge Selig Sell Sellars Selleck Sellers Sellman Sellner
        Sells Selman Selph Seltzer Selvage Selvidge Selzer Seman Semmes Semon Semple Sena Senecal Senegal Seng Senger
        Senior Senn Sensabaugh Senter Senters Seo Sepe Sepeda Sepulveda Sequeira Sera Serafin Sergeant Sergent Serio
        Sermons Serna Serpa Serra Serrano Serrato Servais Servantes Service Servin Sesco Session Sessions Sessoms
        Sessums Sester Seth Setliff Seto Setser Settle Settles Setzer Sever Severance Severe Severin Severino Severns
        Severs Severson Severt Sevier Sevigny Sevilla Sevin Sevy Seward Sewell Sexton Seybert Seyler Seymore Seymour
        Shabazz Shackelford Shackleford Shaddix Shade Shadle Shadrick Shadwick Shaeffer Shafer Shaffer Shah Shahan
        Shahid Shain Shake Shakespeare Shamblin Shambo Shamburger Shanahan Shand Shane Shaner Shank Shankle Shankles
        Shanklin Shanks Shanley Shannon Shapiro Sharber Sharer Sharkey Sharma Sharon Sharp Sharpe Sharper Sharpless
        Sharpton Sharrow Shatley Shattuck Shatzer Shaughnessy Shaul Shaver Shavers Shaw Shawgo Shawver Shay Shea Shead
        Sheaffer Sheahan Shealey Shealy Shear Sheard Shearer Shearin Shears Sheats Sheckler Shedd Sheedy Sheehan
        Sheehy Sheeley Sheely Sheen Sheeran Sheets Sheetz Sheffer Sheffey Sheffield Shehan Sheilds Shelburne Shelby
        Sheldon Sheley Shell Shellenbarger Shellenberger Sheller Shelley Shellhammer Shellman Shelly Shelor Shelton
        Shen Shenk Shepard Shepardson Sheperd Shephard Shepherd Shepler Shepley Sheppard Sher Sherburne Sherer
        Sheridan Sheriff Sherk Sherlock Sherman Sherrard Sherrell Sherrer Sherrick Sherrill Sherrod Sherron Sherrow
        Sherry Sherwin Sherwood Sheth Shetler Shetley Shevlin Shew Shewmaker Shibata Shick Shield Shields Shier
        Shiffer Shifflett Shiflet Shiflett Shih Shilling Shillings Shim Shimer Shimizu Shimkus Shimp Shin Shinault
        Shine Shiner Shingleton Shinkle Shinn Shipe Shipley Shipman Shipp Shippee Shippy Shipton Shire Shires Shirey
        Shirk Shirley Shiroma Shisler Shive Shively Shiver Shivers Shives Shoaf Shock Shockey Shockley Shoe Shoemake
        Shoemaker Shoffner Shofner Sholar Sholes Shook Shoop Shope Shor Shore Shores Shorey Short Shorter Shortridge
        Shorts Shortt Shotts Shotwell Shoulders Shoults Shoultz Shoup Shouse Shover Showalter Showers Showman Shows
        Shrader Shreffler Shreve Shrewsbury Shriner Shriver Shropshire Shrout Shroyer Shrum Shryock Shubert Shuck Shue
        Shuey Shufelt Shuff Shuffler Shuford Shugart Shuler Shull Shulman Shultis Shults Shultz Shumake Shumaker
        Shuman Shumate Shumpert Shumway Shunk Shupe Shupp Shurtleff Shurtz Shuster Shute Shutt Shuttleworth Shutts Shy
        Sias Sibert Sibley Sibrian Sica Sicard Siciliano Sickels Sickler Sickles Siddiqui Sidebottom Siders Sides
        Sidhu Sidney Sidwell Sieben Sieber Siebert Sieck Siefert Sieg Siegel Siegfried Siegle Siegrist Siemens Siems
        Sierra Sievers Sievert Siewert Sifford Sifuentes Sigala Sigel Siggers Sigler Sigman Sigmon Sigmund Signorelli
        Sikes Sikora Sikorski Silas Silber Silberman Silcox Siler Silk Sill Siller Sills Silva Silvas Silveira Silver
        Silvera Silverberg Silverman Silvernail Silvers Silverstein Silvester Silvestre Silvestri Silvey Silvia Silvis
        Sim Simard Simas Simcox Simek Simental Simeon Simeone Simien Simkins Simmerman Simmers Simmon Simmonds Simmons
        Simms Simoes Simon Simonds Simone Simoneau Simoneaux Simonetti Simons Simonsen Simonson Simonton Simpkins
        Simpson Sims Simson Sin Sinclair Sindelar Sine Sinegal Sines Sing Singer Singh Singletary Singleterry
        Singleton Singley Sinha Siniard Sink Sinkler Sinn Sinnott Sinquefield Sipe Sipes Siple Sipos Sipp Sippel
        Sipple Sirianni Sirmans Sirois Sisco Sisemore Sisk Sisler Sisneros Sison Sisson Sisto Sistrunk Sites Sitton
        Situ Sitz Siu Six Sizemore Sizer Sjogren Skaggs Skalski Skates Skeen Skeens Skeete Skelley Skelly Skelton
        Skiba Skidmore Skiles Skillern Skillings Skillman Skinner Skipper Skipworth Sklar Skoog Skow Skowronski
        Slabaugh Slack Slade Slagle Slama Slane Slape Slate Slaten Slater Slaton Slattery Slaugh Slaughter Slaven
        Slavens Slavin Slawson Slay Slayden Slayton Sledge Sleeper Slemp Sletten Slevin Slezak Slick Slifer Sliger
        Sligh Slinkard Sliva Sloan Sloane Sloat Slocum Slocumb Slone Sloss Slough Slovak Slover Slowik Sluder Slusher
        Sluss Slusser Sly Slye Smail Small Smalley Smalling Smalls Smallwood Smart Smartt Smathers Smead Smedley
        Smelcer Smelley Smelser Smeltzer Smidt Smiley Smit Smith Smither Smitherman Smithers Smithey Smithson
        Smithwick Smits Smoak Smock Smolen Smoot Smotherman Smothers Smtih Smyth Smythe Snapp Snavely Snay Snead
        Snedeker Sneed Snell Sneller Snelling Snelson Snider Snipes Snively Snoddy Snodgrass Snook Snow Snowden Snyder
        Soares Sobel Sober Sobers Socha Soderberg Soderlund Soderquist Sohn Soileau Sok Sokol Sokoloski Sokolowski
        Solano Solar Solares Solari Solberg Solem Soler Soles Solis Soliz Sollars Solley Soloman Solomon Solorio
        Solorzano Solt Soltero Soltis Soltys Solum Soluri Somers Somerville Sommer Sommerfield Sommers Sommerville Son
        Sones Song Songer Sonnenberg Sonnier Sonntag Sons Sontag Soo Soper Sorensen Sorenson Sorg Sorge Soria Soriano
        Sorrell Sorrells Sorrels Sorrentino Sosa Sosebee Sotelo Soto Sotomayor Sottile Soucie Soucy Souder Souders
        Soukup Soule Soules Souliere Sours Sousa South Southall Southard Souther Southerland Southern Southwell
        Southwick Southwood Southworth Souza Sova Sowa Sowards Sowder Sowders Sowell Sowers Soza Spada Spadafora
        Spadaro Spade Spady Spaeth Spafford Spagnola Spagnoli Spahn Spahr Spain Spainhour Spalding Span Spangler Spann
        Spano Sparacino Sparano Sparkman Sparks Sparling Sparrow Spataro Spates Spatz Spaulding Speaker Speakman
        Speaks Spear Spearman Spears Speas Specht Speciale Speck Spector Speece Speed Speegle Speer Speers Speicher
        Speidel Speier Speight Speights Speirs Spell Speller Spellman Spells Spence Spencer Spengler Spenser Sperber
        Sperling Spero Sperry Speth Spicer Spicher Spiegel Spieker Spielman Spier Spiers Spies Spigner Spiker Spikes
        Spillane Spiller Spillers Spillman Spina Spindler Spinella Spinelli Spink Spinks Spinner Spinney Spino Spires
        Spiro Spitler Spitz Spitzer Spiva Spivey Splawn Spofford Spohn Sponaugle Sponsler Spoon Spooner Spotts
        Spradley Spradlin Spradling Spraggins Sprague Sprankle Spratt Spray Sprayberry Sprenger Spriggs Spring
        Springer Springfield Springs Sprinkle Sproles Sproul Sprouse Sprow Spruell Spruill Spry Spurgeon Spurgin
        Spurlin Spurling Spurlock Spurr Spurrier Square Squier Squire Squires Sroka Staab Staats Stabile Stabler
        Stacey Stach Stack Stackhouse Stackpole Stacks Stacy Stadler Staff Stafford Stage Stager Stagg Staggers Staggs
        Stagner Stahl Stahlman Stahly Stahr Staiger Stainbrook Stair Stairs Stalcup Stalder Staley Stalker Stall
        Stallard Stallcup Staller Stalling Stallings Stallman Stallworth Stalnaker Stalter Stalvey Stam Stamand
        Stamant Stambaugh Stamey Stamm Stamp Stamper Stampley Stamps Stanback Stanberry Stancil Standard Standifer
        Standish Standley Standridge Stanek Stanfield Stanfill Stanford Stang Stange Stanger Stangl Stanhope
        Stankiewicz Stanko Stanley Stannard Stansberry Stansbury Stansel Stansell Stansfield Stanton Stapler Staples
        Stapleton Stapp Starbuck Starcher Stark Starke Starkes Starkey Starks Starkweather Starling Starner Starnes
        Starns Starr Starrett Start Staten States Statler Staton Staub Stauber Staudt Stauffer Stavros Stayer Stayton
        Stclair Stcyr Stead Steadham Steadman Stearn Stearns Stebbins Stec Steck Stecker Stedman Steed Steel Steele
        Steelman Steely Steen Steenberg Steere Steeves Stefan Stefanski Steffan Steffen Steffens Steffes Steffey
        Stegall Steger Stegman Stegner Stehle Steib Steiger Steigerwald Steil Steimle Stein Steinbach Steinbeck
        Steinberg Steinberger Steiner Steinfeldt Steinhauer Steinhoff Steinke Steinman Steinmetz Steitz Stell Stella
        Steller Stelling Stelly Stelzer Stem Stembridge Stemple Stenberg Stender Stengel Stenger Stennett Stennis
        Stenson Stephan Stephen Stephens Stephenson Stepney Stepp Steppe Steptoe Sterling Stern Sternberg Sterner
        Sterns Sterrett Stetler Stetson Steve Steven Stevens Stevenson Stever Steverson Steves Steveson Steward
        Stewart Stgeorge Stgermain Sthilaire Stice Stich Stickel Stickland Stickler Stickles Stickley Stickney Stidham
        Stiefel Stier Stiff Stiffler Stigall Stiger Stiles Still Stiller Stillings Stillman Stills Stillwell Stilson
        Stiltner Stilwell Stimpson Stimson Stinchcomb Stine Stiner Stines Stinger Stingley Stinnett Stinson Stipe
        Stirling Stites Stith Stitt Stiver Stivers Stiverson Stjames Stjean Stjohn Stlaurent Stlouis Stmartin Stober
        Stock Stockard Stockbridge Stockdale Stocker Stocking Stockman Stocks Stockstill Stockton Stockwell Stoddard
        Stoddart Stodola Stoehr Stoffel Stogner Stoke Stokely Stoker Stokes Stokley Stoll Stolle Stoller Stollings
        Stolp Stolte Stoltenberg Stoltz Stoltzfus Stolz Stone Stonebraker Stoneburner Stonecipher Stoneking Stoneman
        Stoner Stoney Stonge Stookey Stoops Stops Storch Storck Storer Storey Storie Stork Storm Stormer Storms Storrs
        Story Stotler Stott Stotts Stoudt Stouffer Stough Stoughton Stout Stovall Stover Stowe Stowell Stowers Stpeter
        Stpierre Stracener Strachan Strack Strader Stradford Stradley Strahan Straight Strain Strait Straka Straker
        Straley Strand Strandberg Strang Strange Strasser Strate Stratford Stratman Stratton Straub Straube Strauch
        Straughter Straus Strausbaugh Strauser Strauss Straw Strawbridge Strawn Strawser Strayer Strayhorn Streater
        Strecker Street Streeter Streetman Streets Streicher Streit Strey Stribling Stricker Strickland Strickler
        Stricklin Striegel Strine Stringer Stringfellow Stringfield Stringham Striplin Stripling Strobel Stroble
        Strock Strode Stroh Strohl Strohm Strom Stromain Stroman Stromberg Strong Strope Strother Strothers Stroud
        Stroup Stroupe Strouse Strout Strouth Strozier Strub Struble Struck Strum Strunk Struthers Stryker Stthomas
        Stuart Stubblefield Stubbs Stuber Stuck Stucker Stuckey Stucky Studdard Studebaker Studer Studley Stukes Stull
        Stults Stultz Stumbaugh Stump Stumpf Stupka Sturdevant Sturdivant Sturgeon Sturges Sturgill Sturgis Sturm
        Sturtevant Sturtz Stutes Stutler Stutts Stutz Stutzman Stwart Styer Styers Styles Styons Styron Suarez Suazo
        Suber Sublett Suda Sudduth Sue Suess Sugarman Sugg Suggs Sugrue Suh Suhr Suiter Suits Suitt Sullins Sullivan
        Sultan Sulzer Sum Sumler Sumlin Summa Summer Summerall Summerfield Summerford Summerlin Summers Summerville
        Summey Summitt Summy Sumner Sumpter Sumrall Sumter Sun Sund Sunday Sundberg Sunde Sunderland Sunderman
        Sundquist Sung Suniga Sunseri Super Surace Surber Surette Surface Surles Surratt Surrett Sussman Sustaita
        Sutcliffe Suter Sutera Sutherland Sutliff Sutphin Sutter Sutterfield Suttle Suttles Sutton Suzuki Svendsen
        Svoboda Swader Swafford Swaim Swain Swallow Swan Swanberg Swaney Swanger Swanigan Swank Swann Swanner Swanson
        Swarey Swart Swarthout Swarts Swartwood Swartz Swasey Swatzell Swayne Swayze Swearengin Swearingen Sweat
        Sweatman Sweatt Sweeney Sweeny Sweet Sweeten Sweeting Sweetman Sweetser Sweitzer Swensen Swenson Swett Swick
        Swider Swiderski Swift Swigart Swiger Swigert Swihart Swilley Swim Swims Swindell Swindle Swindler Swinehart
        Swiney Swinford Swing Swingle Swink Swinney Swinson Swint Swinton Swisher Switzer Swoboda Swofford Swoope
        Swope Swopes Sword Swords Sydnor Sydow Syed Sykes Sykora Sylva Sylvain Sylvester Sylvestre Sylvia Symonds
        Symons Synder Syring Syverson Szabo Szczepanski Szeto Szymanski Tabares Tabarez Tabb Taber Tabor Tabron Tacey
        Tack Tacker Tackett Tackitt Tadlock Taff Tafolla Tafoya Taft Tagg Taggart Tague Tai Taing Tait Takacs
        Takahashi Talamantes Talamantez Talarico Talavera Talbert Talbot Talbott Talcott Taliaferro Talkington Tall
        Tallant Tallent Talley Tallman Tally Talmadge Talmage Talton Talty Tam Tamayo Tamez Tammaro Tamplin Tamura Tan
        Tanaka Tandy Tang Tanguay Tank Tankersley Tanksley Tann Tannehill Tannenbaum Tanner Tanouye Tansey Tant Tao
        Taormina Tapia Tapley Taplin Tapp Tappan Tapper Tapscott Tarango Tarantino Taranto Tarbell Tarbox Tardif
        Tardiff Tardy Tarin Tarkington Tarleton Tarnowski Tarpley Tarr Tarrance Tarrant Tarry Tart Tartaglia Tarter
        Tartt Tarver Tarvin Tarwater Tash Tasker Tassone Tate Tatham Tatman Tatom Tatro Tatum Taub Taube Tauber Taul
        Taulbee Taunton Tavares Tavarez Tavera Taveras Tawney Tay Taylor Tea Teachout Teague Teal Teamer Teasley Tebo
        Tedder Tedeschi Tedesco Tedford Tedrick Tedrow Tee Teed Teegarden Teel Teems Teeple Teer Teeter Teeters Teets
        Tefft Teitelbaum Teixeira Tejada Tejeda Telfer Telford Tell Teller Telles Tellez Tellier Tellis Tello Temme
        Temple Templeman Temples Templeton Templin Tena Teneyck Tengan Tennant Tenney Tennison Tennyson Tenorio Tepper
        Teran Terhune Terpstra Terranova Terrazas Terrell Terrill Terrio Terrones Terry Terwilliger Tesch Teske
        Tessier Test Testa Tester Testerman Teston Teter Teti Tetrault Tetreault Tetterton Tetzlaff Tevis Tew Tewell
        Tewksbury Tews Texeira Thach Thacker Thai Thakkar Thaler Thames Than Thao Tharp Tharpe Thatch Thatcher Thaxton
        Thayer Theberge Thedford Theis Theisen Theiss Thelen Theobald Theodore Theriault Theriot Theroux Therrien
        Thetford Theus Thibault Thibeau Thibeault Thibodaux Thibodeau Thibodeaux Thiede Thiel Thiele Thielen Thieme
        Thierry Thies Thiessen Thigpen Thill Thole Thom Thoma Thoman Thomas Thomason Thomasson Thome Thompkins
        Thompson Thoms Thomsen Thomson Thomure Thor Thoreson Thorington Thorn Thornberry Thornburg Thorne Thornell
        Thornhill Thornley Thornsberry Thornton Thorp Thorpe Thorsen Thorson Thorton Thrailkill Thrall Thrash Thrasher
        Threadgill Threatt Threet Threlkeld Thresher Thrift Throckmorton Throop Thrower Thrush Thurber Thurlow Thurman
        Thurmond Thurston Tiano Tibbetts Tibbits Tibbitts Tibbs Tice Tichenor Tickle Tidd Tidmore Tidwell Tiedeman
        Tiedemann Tieman Tiemann Tienda Tiernan Tierney Tietjen Tieu Tiffany Tift Tiger Tiggs Tighe Tigner Tignor
        Tijerina Tilford Tilghman Till Tiller Tillery Tillett Tilley Tillinghast Tillis Tillison Tillman Tillmon
        Tillotson Tillson Tilly Tilman Tilson Tilton Timberlake Timko Timlin Timm Timmer Timmerman Timmins Timmons
        Timms Timothy Timpson Tims Tinajero Tinch Tincher Tindal Tindall Tindell Tindle Tineo Tiner Tingle Tingley
        Tinker Tinkham Tinkle Tinner Tinney Tinnin Tinoco Tinsley Tipler Tippett Tippetts Tippins Tippit Tipps Tipton
        Tirado Tirrell Tisdale Titcomb Titsworth Tittle Titus Tobar Tober Tobey Tobias Tobin Tobler Tocci Tocco Todaro
        Todd Toenjes Tokarz Tolan Toland Tolar Tolbert Toledo Tolentino Toler Toles Toliver Toll Tolle Tollefson
        Toller Tolleson Tollett Tolley Tollison Tolliver Tolman Tolson Tom Toma Toman Tomas Tomasek Tomasello Tomasini
        Tomaszewski Tomberlin Tomblin Tomczak Tome Tomes Tomita Tomko Tomlin Tomlinson Tompkins Tompson Toms Tomson
        Ton Tondreau Tone Toner Toney Tong Tonkin Tonn Tony Toohey Tooker Tookes Toole Tooley Toombs Toomer Toomey
        Toon Toone Toothaker Toothman Tope Topete Topham Topp Topper Topping Topps Torain Torbert Torbett Tores
        Torgersen Torgerson Torian Toribio Torkelson Toro Torpey Torrance Torre Torrence Torres Torrey Torrez Toscano
        Tosh Tostado Toth Totten Touchet Touchette Touchstone Toupin Toups Tourville Tousant Tousignant Toussaint
        Tovar Tow Towe Towell Tower Towers Towery Towle Towler Towles Town Towne Towner Townes Townley Towns Townsel
        Townsend Townsley Townson Towry Toy Toye Tozier Tracey Tracy Trader Trafton Trahan Trail Traina Trainer
        Trainor Tramel Trammel Trammell Tran Transue Trantham Trapani Trapp Trask Traub Trautman Traver Travers
        Traverso Travis Trawick Traxler Traylor Traynor Traywick Treacy Treadaway Treadway Treadwell Treanor Treaster
        Treat Treece Treese Trego Tregre Treiber Trejo Tremaine Tremblay Trembley Tremper Trent Trepanier Tressler
        Trevathan Trevino Trevizo Trew Trexler Triana Triano Tribble Trice Triche Trieu Trigg Triggs Trim Trimble
        Trimm Trimmer Trinh Trinidad Trinkle Triplett Tripp Trisler Tristan Tritt Trivedi Trivett Trivette Troche
        Trogdon Troia Troiano Trojan Trojanowski Trollinger Trombetta Trombley Trombly Troncoso Troop Trosclair
        Trosper Trost Trostle Trotman Trott Trotta Trotter Trottier Troup Troupe Trout Troutman Troutt Trowbridge
        Trowell Trower Troxel Troxell Troxler Troy Troyer Truax Truby Trudeau Trudel Trudell True Trueblood Truelove
        Trueman Truesdale Truesdell Truett Truex Truitt Trujillo Trull Truluck Truman Trumbauer Trumble Trumbo
        Trumbull Trump Truong Truss Trussell Trusty Tryon Tsai Tsan Tsang Tsao Tschida Tse Tseng Tso Tsosie Tubb Tubbs
        Tubman Tucci Tuck Tucker Tudor Tuel Tufts Tuggle Tull Tuller Tulley Tullis Tullius Tulloch Tullos Tully Tuma
        Tumlin Tune Tung Tunison Tunnell Tunney Tunstall Tuohy Tupper Turberville Turbeville Turcios Turco Turcotte
        Turek Turgeon Turk Turley Turlington Turman Turmelle Turnage Turnbow Turnbull Turner Turney Turnipseed Turpen
        Turpin Tusing Tussey Tuten Tuthill Tutino Tutor Tutt Tuttle Twedt Tweed Tweedie Tweedy Twellman Twiford Twigg
        Twiggs Twilley Twine Twining Twitchell Twitty Twombly Twomey Tworek Twyman Tye Tyer Tygart Tyler Tylor Tynan
        Tyndall Tyner Tynes Tyra Tyre Tyree Tyrell Tyrrell Tyson Tyus Uchida Uecker Ugalde Ugarte Uhl Uhlig Uhlman
        Uhrich Uhrig Ulibarri Ullery Ullman Ulloa Ullrich Ulm Ulmer Ulrey Ulrich Umana Umberger Umstead Underdahl
        Underdown Underhill Underwood Ung Ungar Unger Unknow Unrein Unruh Unzueta Upchurch Updegraff Updike Upham
        Upshaw Upson Upton Urban Urbanek Urbaniak Urbano Urbanski Urbina Uren Urena Ureno Uresti Uriarte Urias Uribe
        Urich Urick Urquhart Urrutia Ursery Urso Uselton Usher Usrey Usry Ussery Utecht Utley Utsey Utt Utter
        Utterback Utz Vaca Vacca Vaccaro Vachon Vaden Vadnais Vail Vaillancourt Valadez Valasquez Valazquez Valderas
        Valdes Valdez Valdivia Valdovinos Vale Valencia Valenta Valente Valenti Valentin Valentine Valentino Valenza
        Valenzuela Valera Valerio Valero Valez Valiente Valladares Valle Vallecillo Vallee Vallejo Vallejos Vallery
        Valles Valletta Valley Valliere Vallo Vallone Valtierra Valverde Valvo Van Vanallen Vanalstyne Vanarsdale
        Vanatta Vanauken Vanbrunt Vanburen Vanbuskirk Vancamp Vance Vancleave Vancuren Vandegrift Vandemark Vandenberg
        Vandenbosch Vanderbilt Vanderburg Vanderford Vandergriff Vandergrift Vanderhoff Vanderhoof Vanderlinden
        Vandermark Vandermeer Vanderpool Vandervort Vandeusen Vandeventer Vandine Vandiver Vandoren Vandorn Vandusen
        Vandyke Vandyne Vanegas Vanek Vanetten Vanfleet Vang Vangilder Vangorder Vanguilder Vangundy Vanhook Vanhoose
        Vanhorn Vanhorne Vanhouten Vanhoy Vanish Vankeuren Vankirk Vanlandingham Vanleer Vanleuven Vanmatre Vanmeter
        Vann Vannatta Vannatter Vanness Vannest Vannorman Vannote Vannoy Vanostrand Vanover Vanpelt Vansant Vanscoy
        Vanscyoc Vansickle Vanslyke Vantassel Vantassell Vanvalkenburg Vanwagenen Vanwagoner Vanwart Vanwingerden
        Vanwinkle Vanwormer Vanwyk Vanzandt Vanzant Vaquera Vara Varela Varga Vargas Varghese Vargo Varley Varnado
        Varnell Varner Varney Varnum Varona Vartanian Vasbinder Vashon Vasques Vasquez Vass Vassallo Vassar Vasser
        Vasta Vath Vaugh Vaughan Vaughn Vaughns Vaught Vautour Vavra Vawter Vaz Vazquez Veach Veal Veale Veasey
        Veasley Veatch Veazey Vecchio Vedder Vega Vegas Veiga Veilleux Veillon Veit Veitch Veith Vela Velarde Velasco
        Velasques Velasquez Velazco Velazquez Velez Veliz Vella Veloz Veltri Venable Venegas Veney Venezia Veneziano
        Venne Venters Ventimiglia Vento Ventura Venuti Ver Vera Veras Vercher Verde Verdi Verdin Verdugo Verduzco
        Vereen Veres Vergara Vermillion Verne Verner Vernon Verret Verrett Verrill Versace Verville Vesely Vesey Vess
        Vessels Vest Vestal Vester Vetter Vezina Via Viars Viator Vibbert Vicari Vice Vicente Vicini Vick Vickers
        Vickery Vicknair Vickrey Victor Victoria Victorino Victory Vida Vidal Vidales Vidaurri Vides Vidrine Vidrio
        Vieira Viens Viera Vierra Viers Vigil Vigna Vigue Vila Viles Villa Villacorta Villafane Villagomez Villagran
        Villalba Villalobos Villalon Villalpando Villalta Villalvazo Villani Villanueva Villanveva Villar Villareal
        Villarreal Villasenor Villatoro Villeda Villegas Villela Villeneuve Villicana Villines Viloria Vince Vincent
        Vinci Vine Vines Vineyard Vining Vinson Vinton Vinyard Vinzant Viola Violet Violette Viramontes Virden Virgen
        Virgil Virgin Viruet Visconti Visser Vita Vitagliano Vital Vitale Vitela Vitiello Vito Vivanco Viveiros
        Viverette Viveros Vivian Viviano Vivier Vizcaino Vizcarra Vizcarrondo Voegele Voelker Vogan Vogel Vogelsang
        Voges Vogl Vogler Vogt Voight Voigt Voit Volk Volker Volkert Volkman Voll Vollmer Volpe Volz Vonderheide Vong
        Voorhees Voorhies Voorhis Vorce Voris Vos Vosburg Vosburgh Vose Voss Vossen Votaw Voth Vowell Vowels Voyles
        Vrabel Vreeland Vrieze Vroman Vrooman Vue Vuong Wachtel Wachter Wacker Wada Waddell Waddington Waddle Waddy
        Wade Wadkins Wadley Wadlington Wadsworth Wafer Wafford Wagaman Wagar Wageman Wagener Wager Wagers Wages
        Waggener Waggoner Wagner Wagnon Wagoner Wagstaff Waguespack Wahl Waid Wainscott Wainwright Wait Waite Waiters
        Waites Waits Wake Wakefield Wakeland Wakeman Walberg Walborn Walburn Walch Walck Walcott Walczak Wald Walden
        Waldman Waldner Waldo Waldon Waldorf Waldrep Waldrip Waldron Waldrop Waldroup Waldrup Waldschmidt Wales Walk
        Walker Walkins Walko Walkowiak Walkup Wall Walla Wallace Wallach Wallen Waller Walley Wallick Wallin Walling
        Wallis Wallner Walls Walmsley Walpole Walrath Walraven Walser Walsh Walson Walston Walt Walter Walters
        Walthall Walther Waltman Walton Waltrip Waltz Walz Wampler Wamsley Wan Wanamaker Wang Wann Wannamaker Wanner
        Wansley Warburton Ward Wardell Warden Wardlaw Wardle Wardlow Wardwell Ware Wareham Warf Warfel Warfield
        Warford Wargo Waring Wark Warkentin Warlick Warman Warne Warner Warnick Warnke Warnock Warr Warren Warrick
        Warriner Warrington Warrior Warshaw Warthen Warwick Wash Washam Washburn Washer Washington Wasilewski Wasinger
        Wasmund Wason Wass Wasser Wasserman Wasson Watanabe Watchman Waterbury Waterfield Waterhouse Waterman Waters
        Watford Wathen Watkin Watkins Watley Watlington Watson Watt Wattenbarger Watters Watterson Watts Waugh Wax
        Waxman Way Waybright Wayland Wayman Waymire Wayne Wayt Weakley Wear Weary Weast Weatherall Weatherby
        Weatherford Weatherholt Weatherholtz Weatherly Weathers Weathersby Weatherspoon Weatherwax Weaver Webb Webber
        Weber Webre Webster Wechsler Wedding Weddington Weddle Wedeking Wedel Wedge Wedgeworth Wee Weed Weeden Weedman
        Weekes Weekley Weekly Weeks Weems Weese Weesner Wegener Wegman Wegner Wehmeyer Wehner Wehr Wehrle Wei Weibel
        Weide Weideman Weidler Weidman Weidner Weigand Weigel Weight Weigle Weikel Weil Weiland Weiler Weimer Wein
        Weinberg Weinberger Weiner Weingarten Weingartner Weinman Weinmann Weinstein Weinstock Weintraub Weir Weirich
        Weis Weisberg Weise Weisel Weiser Weisgerber Weishaar Weisinger Weisman Weisner Weiss Weisser Weissinger
        Weissman Weist Weisz Weitz Weitzel Weitzman Welborn Welch Welcher Welcome Weldon Weldy Welk Welke Welker Well
        Wellborn Welle Weller Welles Welling Wellington Welliver Wellman Wellons Wells Welsch Welsh Welter Welton
        Welty Wen Wendel Wendell Wendland Wendler Wendling Wendt Wenger Wengerd Wenner Wentworth Wentz Wentzel Wenz
        Wenzel Werner Wert Werth Werts Wertz Wescott Wesley Wesner Wesolowski Wess Wessel Wessels Wesson West Westberg
        Westberry Westbrook Westbrooks Westbury Westcott Westendorf Wester Westerberg Westerfield Westerlund Westerman
        Western Westervelt Westfall Westfield Westgate Westhoff Westlake Westley Westling Westlund Westman
        Westmoreland Weston Westover Westphal Westra Westrick Wetherbee Wetherby Wetherell Wetherington Wethington
        Wetmore Wetter Wetzel Wetzler Wexler Weyand Weyandt Weyant Weyer Weymouth Whalen Whaley Whang Wharton Whatley
        Wheat Wheatley Wheaton Wheeler Wheelock Wheelwright Whelan Whelchel Wheless Wherry Whetsel Whetstone Whetzel
        Whicker Whidden Whiddon Whigham Whipkey Whipple Whisenant Whisenhunt Whisler Whisman Whisnant Whistler
        Whitacre Whitaker Whitbeck Whitby Whitcher Whitchurch Whitcomb White Whiteaker Whited Whitefield Whitehair
        Whitehead Whitehill Whitehorn Whitehouse Whitehurst Whiteley Whitely Whiteman Whiten Whitener Whitesel
        Whitesell Whiteside Whitesides Whitfield Whitford Whitham Whiting Whitis Whitlatch Whitley Whitlock Whitlow
        Whitman Whitmarsh Whitmer Whitmire Whitmore Whitner Whitney Whitsett Whitsitt Whitson Whitt Whittaker Whitted
        Whittemore Whitten Whittenburg Whittier Whittingham Whittington Whittle Whitton Whitty Whitworth Whobrey
        Whorley Whorton Whyte Wible Wick Wicker Wickersham Wickham Wickline Wicklund Wickman Wicks Wickstrom Wideman
        Widener Widger Widman Widmer Widner Wiebe Wiechmann Wieczorek Wiedeman Wiedemann Wiedman Wiegand Wieland
        Wiener Wiens Wier Wiersma Wiese Wiesner Wiest Wigfall Wiggin Wiggins Wigginton Wiggs Wight Wightman Wigington
        Wigley Wigton Wike Wilbanks Wilber Wilbert Wilborn Wilbourn Wilbur Wilburn Wilcher Wilcox Wilcoxen Wilcoxon
        Wilcoxson Wilczynski Wild Wilde Wilder Wilderman Wildermuth Wildes Wildey Wilding Wildman Wilds Wile Wiles
        Wiley Wilfong Wilford Wilham Wilhelm Wilhite Wilhoit Wilhoite Wiliams Wilk Wilke Wilken Wilkens Wilkenson
        Wilker Wilkerson Wilkes Wilkey Wilkie Wilkin Wilkins Wilkinson Wilks Will Willaims Willams Willard Willbanks
        Willcox Wille Willeford Willems Willer Willet Willett Willette Willey Willhite William Williams Williamson
        Willie Williford Willilams Willimas Willingham Willis Willison Willits Willman Willmon Willms Willner
        Willoughby Wills Willsey Willson Wilmer Wilmes Wilmore Wilmot Wilmoth Wilner Wilsey Wilson Wilt Wilton Wiltse
        Wiltshire Wiltz Wimberly Wimbish Wimbley Wimbush Wimer Wimmer Wimsatt Winans Winborne Winburn Winbush Winchell
        Winchester Wind Winder Winders Windham Windle Windley Windom Windsor Wine Winebarger Winebrenner Winegar Winer
        Wines Winfield Winford Winfree Winfrey Wing Wingard Wingate Winger Wingert Wingerter Winget Wingfield Wingler
        Wingo Wingrove Wininger Wink Winkel Winkelman Winkfield Winkle Winkleman Winkler Winkles Winland Winn Winner
        Winnett Winnie Winningham Winsett Winship Winslow Winsor Winstead Winston Wint Winter Winters Winton Wire
        Wireman Wirt Wirth Wirtz Wisdom Wise Wiseman Wisener Wiser Wishart Wishon Wisner Wisneski Wisniewski Witcher
        Witek Witham Witherell Witherington Withers Witherspoon Withrow Witkowski Witman Witmer Witt Witte Witten
        Wittenberg Witter Wittig Wittman Wittmer Wittrock Witty Witzel Wix Wixom Wixon Woerner Wofford Wohlers
        Wohlgemuth Wojciechowski Wojcik Wojtowicz Wolak Wolbert Wolcott Wold Wolf Wolfe Wolfenbarger Wolff Wolfgang
        Wolfgram Wolfinger Wolford Wolfram Wolfson Wolk Wolken Woll Wollard Wolski Wolter Wolters Wolverton Womac
        Womack Womble Wommack Won Wong Woo Wood Woodall Woodard Woodberry Woodburn Woodbury Woodby Woodcock Woodell
        Wooden Woodfin Woodford Woodham Woodhouse Woodie Wooding Woodland Woodley Woodman Woodmansee Woodring Woodrow
        Woodruff Woodrum Woods Woodside Woodson Woodward Woodworth Woody Woodyard Woolard Woolbright Wooldridge
        Woolery Wooley Woolf Woolfolk Woolford Woolley Woolridge Woolsey Woolum Woolverton Woolwine Woomer Woosley
        Wooster Wooten Wooton Wootton Worcester Word Worden Work Workman Works Worley Worm Wormley Worrall Worrell
        Worsham Worsley Worth Wortham Worthen Worthey Worthington Worthley Worthy Wortman Wotring Wozniak Wray Wren
        Wrenn Wright Wrigley Wrobel Wroblewski Wroten Wuest Wulf Wulff Wunder Wunderlich Wunsch Wurm Wurst Wurster
        Wurth Wyant Wyatt Wyble Wyche Wyckoff Wycoff Wydra Wyer Wygant Wylie Wyllie Wyman Wymer Wymore Wynkoop Wynn
        Wynne Wynter Wyrick Wyse Wysocki Wysong Wyss Xavier Xie Xiong Yaeger Yager Yagi Yale Yamada Yamaguchi Yamamoto
        Yamasaki Yamashita Yan Yancey Yancy Yandell Yanes Yanez Yang Yantis Yao Yap Yaple Yarber Yarborough Yarbro
        Yarbrough Yard Yardley Yarger Yarnall Yarnell Yarrington Yates Yau Yawn Yazzie Ybanez Ybarra Yeager Yearby
        Yearta Yearwood Yeary Yeater Yeates Yeaton Yedinak Yee Yeh Yeldell Yelle Yellowhair Yelton Yelverton Yen
        Yeoman Yeomans Yepez Yerby Yerger Yerkes Yetman Yetter Yeung Yim Yin Yingling Yingst Yip Yoakum Yockey Yocom
        Yocum Yoder Yohe Yohn Yoho Yokley Yokota Yokoyama Yokum Yon Yong Yonker Yoo Yoon Yopp York Yorke Yoshida
        Yoshioka Yost Yother You Youmans Younan Younce Young Youngberg Youngblood Younger Youngman Youngquist Youngs
        Younker Younkin Yount Younts Yousef Yow Yowell Yuan Yuen Yuhas Yun Yung Yunker Yutzy Yzaguirre Zabala Zabel
        Zabriskie Zacarias Zacharias Zachary Zachery Zack Zackery Zager Zahler Zahm Zahn Zahradnik Zajac Zajicek Zak
        Zakrzewski Zalenski Zaleski Zalewski Zamarripa Zambrana Zambrano Zamor Zamora Zamorano Zamudio Zanchez Zander
        Zanders Zane Zang Zank Zapata Zapien Zaragoza Zarate Zartman Zastrow Zavala Zawacki Zayas Zazueta Zebrowski
        Zeck Zeh Zehnder Zehner Zehr Zeiger Zeigler Zeiler Zeitler Zeitz Zelaya Zeledon Zell Zeller Zellers Zellmer
        Zellner Zeman Zendejas Zeng Zeno Zenon Zeolla Zepeda Zerangue Zerbe Zeringue Zermeno Zerr Zhang Zhao Zheng
        Zhou Zhu Zick Zickefoose Ziebarth Ziegler Zielinski Zielke Ziemann Ziemba Ziemer Zigler Zimmer Zimmerman
        Zimmermann Zink Zinke Zinn Ziolkowski Zirkle Zito Zoeller Zoll Zoller Zollinger Zook Zorn Zuber Zubia
        Zuchowski Zucker Zuckerman Zuehlke Zukowski Zullo Zumwalt Zuniga Zupan Zurcher Zurita Zweifel Zwick Zwilling
        Zylstra
        """
}
