import type { JobCategory } from '@careers/contracts/entities/enums';

/**
 * The words the bench's job board is made of: roles and their skills per category, companies, cities,
 * duties and benefits. The generator combines them; the search mix asks for them, so that searches
 * find what a real board would have (common words matching thousands of jobs, rare ones a few).
 */

export interface Role {
  title: string;
  /** Skills a job with this title asks for; a job takes a few of them. */
  skills: readonly string[];
}

export interface CategoryWords {
  category: JobCategory;
  /** How often jobs of this category are posted, relative to the others. */
  weight: number;
  roles: readonly Role[];
  /** What an "Executive" job heads: "Head of Engineering". */
  areas: readonly string[];
  teams: readonly string[];
  /** The company's industry, and the end of its name. */
  industries: readonly string[];
  companySuffixes: readonly string[];
  duties: readonly string[];
  products: readonly string[];
  certifications: readonly string[];
  /** A mid-level salary in US dollars a year. */
  baseSalary: number;
  /** Share of its jobs that are on-site (clinics and classrooms are rarely remote). */
  onSiteShare: number;
}

const role = (title: string, ...skills: string[]): Role => ({ title, skills });

export const categories: readonly CategoryWords[] = [
  {
    category: 'Technology',
    weight: 36,
    roles: [
      role('Software Engineer', 'TypeScript', 'Java', 'Go', 'Python', 'PostgreSQL', 'Docker', 'AWS'),
      role('Backend Engineer', 'Node.js', 'Go', 'Java', 'Kotlin', 'PostgreSQL', 'Kafka', 'Redis', 'gRPC'),
      role('Frontend Developer', 'TypeScript', 'JavaScript', 'React', 'Vue', 'Angular', 'CSS', 'GraphQL'),
      role('Full Stack Developer', 'TypeScript', 'React', 'Node.js', 'PostgreSQL', 'GraphQL', 'Docker'),
      role('Data Engineer', 'Python', 'SQL', 'Spark', 'Airflow', 'Kafka', 'dbt', 'Snowflake'),
      role('Data Scientist', 'Python', 'SQL', 'Pandas', 'Machine Learning', 'Statistics', 'R'),
      role('Machine Learning Engineer', 'Python', 'PyTorch', 'TensorFlow', 'Machine Learning', 'Kubernetes'),
      role('DevOps Engineer', 'Kubernetes', 'Terraform', 'Docker', 'AWS', 'Linux', 'CI/CD', 'Ansible'),
      role('Site Reliability Engineer', 'Kubernetes', 'Prometheus', 'Go', 'Linux', 'Terraform', 'GCP'),
      role('Platform Engineer', 'Kubernetes', 'Go', 'Terraform', 'AWS', 'Kafka', 'Rust'),
      role('iOS Developer', 'Swift', 'SwiftUI', 'Objective-C', 'Xcode'),
      role('Android Developer', 'Kotlin', 'Java', 'Jetpack Compose', 'Android SDK'),
      role('QA Engineer', 'Selenium', 'Cypress', 'Playwright', 'JavaScript', 'Test Automation'),
      role('Security Engineer', 'Penetration Testing', 'SIEM', 'Linux', 'Python', 'Cloud Security'),
      role('Cloud Architect', 'AWS', 'Azure', 'GCP', 'Terraform', 'Networking'),
      role('Database Administrator', 'PostgreSQL', 'MySQL', 'Oracle', 'SQL', 'Performance Tuning'),
      role('Product Manager', 'Roadmapping', 'Jira', 'User Research', 'SQL', 'Agile'),
      role('UX Designer', 'Figma', 'User Research', 'Prototyping', 'Design Systems'),
      role('Embedded Software Engineer', 'C', 'C++', 'RTOS', 'Embedded Linux', 'Rust'),
      role('Solutions Architect', 'AWS', 'Azure', 'Java', '.NET', 'Microservices'),
      role('Ruby on Rails Developer', 'Ruby', 'Rails', 'PostgreSQL', 'Redis', 'Sidekiq'),
      role('.NET Developer', 'C#', '.NET', 'Azure', 'SQL Server', 'Entity Framework'),
      role('PHP Developer', 'PHP', 'Laravel', 'MySQL', 'Symfony', 'JavaScript'),
    ],
    areas: ['Engineering', 'Data', 'Platform', 'Security', 'Product', 'Infrastructure'],
    teams: ['Payments', 'Search', 'Growth', 'Checkout', 'Identity', 'Core Platform', 'Mobile', 'Analytics'],
    industries: ['Software', 'Internet', 'Fintech', 'Cybersecurity', 'E-commerce', 'Gaming'],
    companySuffixes: ['Labs', 'Software', 'Systems', 'Analytics', 'Cloud', 'Technologies', 'Digital'],
    duties: [
      'design and build services that handle millions of requests a day',
      'own features from the first sketch to production',
      'review code and mentor other engineers',
      'keep our systems fast, observable and secure',
      'work closely with product and design',
      'improve our continuous delivery pipeline',
      'write clear documentation and tests',
      'take part in a fair on-call rotation',
      'turn data into decisions with dashboards and experiments',
      'migrate legacy services to the cloud',
    ],
    products: [
      'a payments platform',
      'developer tools',
      'a marketplace for small businesses',
      'a mobile banking app',
      'logistics software',
      'a streaming service',
      'an analytics suite',
    ],
    certifications: ['AWS Certified Solutions Architect', 'Certified Kubernetes Administrator', 'CISSP'],
    baseSalary: 115_000,
    onSiteShare: 0.2,
  },
  {
    category: 'Healthcare',
    weight: 15,
    roles: [
      role('Registered Nurse', 'Patient Care', 'BLS', 'ACLS', 'Epic', 'Medication Administration'),
      role('Nurse Practitioner', 'Patient Care', 'Diagnosis', 'Prescribing', 'Epic', 'Primary Care'),
      role('Medical Assistant', 'Phlebotomy', 'EHR', 'Vital Signs', 'Scheduling'),
      role('Physical Therapist', 'Rehabilitation', 'Manual Therapy', 'Patient Care', 'Orthopedics'),
      role('Pharmacist', 'Pharmacology', 'Medication Therapy Management', 'Compounding'),
      role('Radiology Technician', 'Radiography', 'CT', 'MRI', 'Patient Positioning'),
      role('Clinical Research Coordinator', 'Clinical Trials', 'GCP', 'Data Collection', 'Informed Consent'),
      role('Healthcare Data Analyst', 'SQL', 'Python', 'Tableau', 'HIPAA', 'Epic'),
      role('Dental Hygienist', 'Dental Cleaning', 'Radiography', 'Patient Education'),
      role('Medical Billing Specialist', 'Medical Coding', 'ICD-10', 'CPT', 'Insurance Claims'),
    ],
    areas: ['Nursing', 'Clinical Operations', 'Pharmacy', 'Patient Services'],
    teams: ['Emergency', 'Pediatrics', 'Oncology', 'Cardiology', 'Outpatient', 'Intensive Care'],
    industries: ['Hospital', 'Healthcare', 'Pharmaceuticals', 'Medical Devices'],
    companySuffixes: ['Health', 'Medical', 'Care', 'Clinic', 'Pharma', 'Hospital'],
    duties: [
      'provide safe, compassionate care to patients and their families',
      'work in a multidisciplinary team of doctors, nurses and therapists',
      'keep accurate records in our electronic health record system',
      'educate patients about their treatment',
      'follow infection control and safety protocols',
      'support clinical studies and quality improvement',
    ],
    products: ['community clinics', 'a regional hospital network', 'home care services', 'new therapies'],
    certifications: [
      'BLS certification',
      'ACLS certification',
      'a state nursing license',
      'CPR certification',
    ],
    baseSalary: 80_000,
    onSiteShare: 0.8,
  },
  {
    category: 'Finance',
    weight: 12,
    roles: [
      role('Financial Analyst', 'Excel', 'Financial Modeling', 'Forecasting', 'Power BI', 'SQL'),
      role('Accountant', 'GAAP', 'QuickBooks', 'Excel', 'Reconciliation', 'Accounts Payable'),
      role('Auditor', 'Internal Audit', 'SOX', 'Risk Assessment', 'Excel', 'IFRS'),
      role('Investment Analyst', 'Valuation', 'Financial Modeling', 'Bloomberg', 'Excel'),
      role('Risk Analyst', 'Risk Management', 'SQL', 'Python', 'Basel III', 'Statistics'),
      role('Financial Controller', 'IFRS', 'GAAP', 'Budgeting', 'SAP', 'Consolidation'),
      role('Tax Associate', 'Tax Compliance', 'Excel', 'Corporate Tax', 'Transfer Pricing'),
      role('Credit Analyst', 'Credit Risk', 'Financial Statements', 'Excel', 'Underwriting'),
      role('Quantitative Analyst', 'Python', 'C++', 'Statistics', 'Derivatives', 'Machine Learning'),
      role('Payroll Specialist', 'Payroll', 'ADP', 'Workday', 'Excel'),
    ],
    areas: ['Finance', 'Accounting', 'Risk', 'Treasury'],
    teams: ['FP&A', 'Treasury', 'Audit', 'Tax', 'Corporate Finance', 'Wealth Management'],
    industries: ['Banking', 'Insurance', 'Asset Management', 'Accounting'],
    companySuffixes: ['Capital', 'Financial', 'Bank', 'Partners', 'Insurance', 'Advisors'],
    duties: [
      'prepare monthly and quarterly financial reports',
      'build financial models that guide investment decisions',
      'own the month-end close',
      'analyse variances against budget and forecast',
      'work with auditors and regulators',
      'automate reporting with modern tools',
    ],
    products: ['retail banking', 'wealth management', 'insurance products', 'corporate lending'],
    certifications: ['CPA', 'CFA', 'ACCA', 'FRM'],
    baseSalary: 90_000,
    onSiteShare: 0.35,
  },
  {
    category: 'Education',
    weight: 10,
    roles: [
      role('Math Teacher', 'Lesson Planning', 'Classroom Management', 'Algebra', 'Assessment'),
      role('Science Teacher', 'Lesson Planning', 'Laboratory Safety', 'Biology', 'Chemistry'),
      role('English Teacher', 'Lesson Planning', 'Literature', 'Writing', 'ESL'),
      role('Instructional Designer', 'Articulate Storyline', 'E-learning', 'Curriculum Design', 'LMS'),
      role('Curriculum Developer', 'Curriculum Design', 'Assessment', 'Instructional Design'),
      role('School Counselor', 'Counseling', 'Student Support', 'College Admissions'),
      role('Teaching Assistant', 'Classroom Support', 'Special Education', 'Tutoring'),
      role('Academic Advisor', 'Student Success', 'Advising', 'Banner'),
      role('Online Tutor', 'Tutoring', 'Zoom', 'Mathematics', 'Test Preparation'),
      role('Learning Experience Designer', 'Figma', 'E-learning', 'Moodle', 'Canvas'),
    ],
    areas: ['Learning', 'Academics', 'Student Services', 'Curriculum'],
    teams: ['Primary School', 'High School', 'Online Programs', 'Adult Education', 'STEM'],
    industries: ['Education', 'EdTech', 'Higher Education', 'Training'],
    companySuffixes: ['Academy', 'Learning', 'Schools', 'Institute', 'College'],
    duties: [
      'plan and deliver engaging lessons',
      'support every student to reach their potential',
      'design courses for online and classroom learning',
      'assess progress and give helpful feedback',
      'work with parents and colleagues',
      'bring new teaching methods into the classroom',
    ],
    products: ['online courses', 'K-12 schools', 'university programs', 'corporate training'],
    certifications: ['a teaching license', 'a TEFL certificate', 'a Master of Education'],
    baseSalary: 60_000,
    onSiteShare: 0.65,
  },
  {
    category: 'Marketing',
    weight: 10,
    roles: [
      role('Marketing Manager', 'Marketing Strategy', 'Google Analytics', 'HubSpot', 'Budgeting'),
      role('Content Writer', 'Copywriting', 'SEO', 'Content Strategy', 'WordPress'),
      role('SEO Specialist', 'SEO', 'Google Search Console', 'Ahrefs', 'Google Analytics'),
      role('Social Media Manager', 'Social Media', 'Content Creation', 'Canva', 'Community Management'),
      role('Growth Marketer', 'A/B Testing', 'Google Ads', 'SQL', 'Lifecycle Marketing'),
      role('Brand Manager', 'Brand Strategy', 'Market Research', 'Adobe Creative Suite'),
      role('Copywriter', 'Copywriting', 'Storytelling', 'Editing'),
      role('Marketing Analyst', 'Google Analytics', 'SQL', 'Tableau', 'Excel', 'A/B Testing'),
      role('Email Marketing Specialist', 'Email Marketing', 'Mailchimp', 'HubSpot', 'Segmentation'),
      role('Product Marketing Manager', 'Positioning', 'Go-to-Market', 'Market Research', 'Salesforce'),
    ],
    areas: ['Marketing', 'Brand', 'Growth', 'Communications'],
    teams: ['Brand', 'Performance Marketing', 'Content', 'Lifecycle', 'Partnerships'],
    industries: ['Advertising', 'Media', 'Consumer Goods', 'Marketing Services'],
    companySuffixes: ['Media', 'Creative', 'Agency', 'Brands', 'Studio'],
    duties: [
      'plan and run campaigns across channels',
      'write content that people want to read',
      'measure what works and double down on it',
      'grow our audience on social media',
      'work with sales on a shared pipeline',
      'launch new products with a clear story',
    ],
    products: ['consumer brands', 'B2B software', 'a fashion label', 'a travel platform'],
    certifications: ['Google Ads certification', 'HubSpot certification'],
    baseSalary: 75_000,
    onSiteShare: 0.25,
  },
  {
    category: 'Sales',
    weight: 10,
    roles: [
      role('Account Executive', 'Salesforce', 'Negotiation', 'B2B Sales', 'SaaS', 'Pipeline Management'),
      role('Sales Development Representative', 'Cold Calling', 'Lead Generation', 'Salesforce', 'Outreach'),
      role('Account Manager', 'Account Management', 'CRM', 'Upselling', 'Negotiation'),
      role('Sales Manager', 'Sales Strategy', 'Coaching', 'Forecasting', 'Salesforce'),
      role('Customer Success Manager', 'Customer Success', 'Onboarding', 'Gainsight', 'SaaS'),
      role('Business Development Manager', 'Partnerships', 'Negotiation', 'Lead Generation'),
      role('Inside Sales Representative', 'Cold Calling', 'CRM', 'HubSpot'),
      role('Sales Engineer', 'Solution Selling', 'Demos', 'SaaS', 'APIs'),
      role('Key Account Manager', 'Key Accounts', 'Negotiation', 'SAP', 'Retail'),
    ],
    areas: ['Sales', 'Revenue', 'Customer Success', 'Partnerships'],
    teams: ['Enterprise', 'Mid-Market', 'EMEA', 'North America', 'Channel Partners'],
    industries: ['SaaS', 'Retail', 'Wholesale', 'Manufacturing'],
    companySuffixes: ['Solutions', 'Commerce', 'Trading', 'Supply', 'Group'],
    duties: [
      'own the full sales cycle from first call to signed contract',
      'build lasting relationships with customers',
      'hit and beat quarterly targets',
      'find new markets and partners',
      'keep the CRM up to date',
      'give product feedback from the field',
    ],
    products: [
      'software for retailers',
      'industrial equipment',
      'a customer data platform',
      'office supplies',
    ],
    certifications: ['a driving licence', 'MEDDIC training'],
    baseSalary: 70_000,
    onSiteShare: 0.3,
  },
  {
    category: 'Other',
    weight: 7,
    roles: [
      role('Operations Manager', 'Operations', 'Process Improvement', 'Budgeting', 'Lean'),
      role('Project Manager', 'Project Management', 'Scrum', 'Jira', 'Stakeholder Management'),
      role('HR Generalist', 'Recruiting', 'Workday', 'Employee Relations', 'Onboarding'),
      role('Recruiter', 'Recruiting', 'Sourcing', 'LinkedIn Recruiter', 'Interviewing'),
      role('Office Manager', 'Microsoft Office', 'Scheduling', 'Vendor Management'),
      role('Customer Support Specialist', 'Customer Service', 'Zendesk', 'Communication'),
      role('Logistics Coordinator', 'Logistics', 'Supply Chain', 'SAP', 'Inventory'),
      role('Technical Writer', 'Technical Writing', 'Markdown', 'API Documentation'),
      role('Legal Assistant', 'Contract Review', 'Legal Research', 'Microsoft Office'),
      role('Supply Chain Analyst', 'Supply Chain', 'Excel', 'SQL', 'Forecasting'),
    ],
    areas: ['Operations', 'People', 'Customer Experience', 'Logistics'],
    teams: ['Operations', 'People', 'Support', 'Warehouse', 'Legal'],
    industries: ['Logistics', 'Manufacturing', 'Hospitality', 'Legal Services', 'Nonprofit'],
    companySuffixes: ['Group', 'Logistics', 'Industries', 'Services', 'Works'],
    duties: [
      'keep daily operations running smoothly',
      'improve processes and remove waste',
      'support our people from hiring to their first day',
      'answer customer questions quickly and kindly',
      'coordinate with suppliers and carriers',
      'report on key metrics every week',
    ],
    products: ['warehouses across the region', 'hotels and restaurants', 'a nonprofit network', 'factories'],
    certifications: ['PMP', 'SHRM-CP', 'a forklift licence'],
    baseSalary: 65_000,
    onSiteShare: 0.5,
  },
];

export interface City {
  city: string;
  state: string;
  country: string;
  currency: string;
  /** What a US-dollar salary is worth in this market, in its currency. */
  salaryFactor: number;
  weight: number;
}

const city = (
  name: string,
  state: string,
  country: string,
  currency: string,
  salaryFactor: number,
  weight = 1,
): City => ({ city: name, state, country, currency, salaryFactor, weight });

export const cities: readonly City[] = [
  city('New York', 'New York', 'USA', 'USD', 1.15, 5),
  city('San Francisco', 'California', 'USA', 'USD', 1.25, 4),
  city('Los Angeles', 'California', 'USA', 'USD', 1.05, 2),
  city('Austin', 'Texas', 'USA', 'USD', 1, 3),
  city('Seattle', 'Washington', 'USA', 'USD', 1.15, 3),
  city('Boston', 'Massachusetts', 'USA', 'USD', 1.1, 2),
  city('Chicago', 'Illinois', 'USA', 'USD', 1, 2),
  city('Denver', 'Colorado', 'USA', 'USD', 0.95, 2),
  city('Atlanta', 'Georgia', 'USA', 'USD', 0.9, 2),
  city('Miami', 'Florida', 'USA', 'USD', 0.9),
  city('Raleigh', 'North Carolina', 'USA', 'USD', 0.9),
  city('Toronto', 'Ontario', 'Canada', 'CAD', 1.1, 3),
  city('Vancouver', 'British Columbia', 'Canada', 'CAD', 1.1, 2),
  city('Montreal', 'Quebec', 'Canada', 'CAD', 1),
  city('London', '', 'United Kingdom', 'GBP', 0.7, 4),
  city('Manchester', '', 'United Kingdom', 'GBP', 0.6),
  city('Edinburgh', 'Scotland', 'United Kingdom', 'GBP', 0.6),
  city('Berlin', '', 'Germany', 'EUR', 0.7, 3),
  city('Munich', 'Bavaria', 'Germany', 'EUR', 0.75, 2),
  city('Hamburg', '', 'Germany', 'EUR', 0.7),
  city('Paris', '', 'France', 'EUR', 0.65, 2),
  city('Amsterdam', 'North Holland', 'Netherlands', 'EUR', 0.7, 2),
  city('Madrid', '', 'Spain', 'EUR', 0.5),
  city('Barcelona', 'Catalonia', 'Spain', 'EUR', 0.5),
  city('Dublin', '', 'Ireland', 'EUR', 0.75),
  city('Stockholm', '', 'Sweden', 'SEK', 7),
  city('Warsaw', '', 'Poland', 'PLN', 2.2),
  city('Zürich', '', 'Switzerland', 'CHF', 1.1),
  city('Bangalore', 'Karnataka', 'India', 'INR', 25, 2),
  city('Hyderabad', 'Telangana', 'India', 'INR', 22),
  city('Singapore', '', 'Singapore', 'SGD', 1.1, 2),
  city('Sydney', 'New South Wales', 'Australia', 'AUD', 1.3, 2),
  city('Melbourne', 'Victoria', 'Australia', 'AUD', 1.25),
  city('Tokyo', '', 'Japan', 'JPY', 110, 2),
  city('São Paulo', 'São Paulo', 'Brazil', 'BRL', 2.5),
  city('Mexico City', '', 'Mexico', 'MXN', 9),
];

/** The first half of company names; the second half comes from the category ("Northwind Labs"). */
export const companyPrefixes = [
  'Northwind',
  'Blue Harbor',
  'Crescent',
  'Summit',
  'Ironwood',
  'Lumen',
  'Nimbus',
  'Atlas',
  'Brightpath',
  'Cobalt',
  'Evergreen',
  'Fjord',
  'Granite',
  'Juniper',
  'Keystone',
  'Maple',
  'Orbit',
  'Pioneer',
  'Quantum',
  'Redwood',
  'Silverline',
  'Tidal',
  'Vertex',
  'Willow',
  'Zephyr',
  'Aurora',
  'Beacon',
  'Cedar',
  'Driftwood',
  'Ember',
  'Falcon',
  'Helix',
  'Indigo',
  'Kestrel',
  'Lighthouse',
  'Meridian',
  'Nova',
  'Oakridge',
  'Polaris',
  'Riverstone',
];

export const levelPrefixes = {
  'Entry Level': ['Junior', 'Associate', 'Graduate', ''],
  'Mid Level': ['', '', ''],
  'Senior Level': ['Senior', 'Senior', 'Lead', 'Staff', 'Principal'],
} as const;

export const executiveTitles = ['Head of', 'Director of', 'VP of'] as const;

export const benefits = [
  'Health insurance',
  'Dental and vision',
  '401(k) matching',
  'Pension plan',
  'Stock options',
  'Learning budget',
  'Home office budget',
  'Flexible hours',
  'Four-day week',
  'Parental leave',
  'Gym membership',
  '30 days of vacation',
  'Company retreats',
  'Free lunch',
  'Commuter benefits',
  'Mental health support',
];

export const values = [
  'ownership',
  'curiosity',
  'kindness',
  'craftsmanship',
  'diversity',
  'transparency',
  'continuous learning',
  'work-life balance',
];

export const degreeFields: Record<string, string> = {
  Technology: 'Computer Science',
  Healthcare: 'Nursing or a related health science',
  Finance: 'Finance, Accounting or Economics',
  Education: 'Education',
  Marketing: 'Marketing or Communications',
  Sales: 'Business',
  Other: 'Business Administration',
};
